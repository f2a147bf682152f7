// Images chosen in the media manager, and the built-in samples, are the product's own paths
// (/api/v1/asset/…/file, /widget-media/…): on a host page they belong to the origin this script
// came from, not the page's. Anything but an http(s) address or such a path draws no image.
const script = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
const ORIGIN = script?.src ? new URL(script.src).origin : location.origin;

export function imageUrl(url: string | undefined): string {
  const value = (url ?? '').trim();
  if (/^https?:\/\/[^\s/]/i.test(value)) return value;
  return /^\/(?![/\\])/.test(value) ? ORIGIN + value : '';
}
