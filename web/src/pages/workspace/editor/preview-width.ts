// The preview's device widths: the iframe laid out at the device's width, scaled to the pane.
// The choice is kept per browser (localStorage), so the editor opens on the last one used.
export const PREVIEW_DEVICES = [
  { id: 'desktop', label: 'Desktop', width: 1200 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'phone', label: 'Phone', width: 390 },
] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number]['id'];

const KEY = 'nindo:editor-preview-device';

export function savedDevice(): PreviewDevice {
  try {
    const saved = localStorage.getItem(KEY);
    return PREVIEW_DEVICES.find((device) => device.id === saved)?.id ?? 'desktop';
  } catch {
    return 'desktop';
  }
}

export function saveDevice(device: PreviewDevice): void {
  try {
    localStorage.setItem(KEY, device);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
}

export const deviceWidth = (device: PreviewDevice): number => PREVIEW_DEVICES.find((known) => known.id === device)?.width ?? 1200;
