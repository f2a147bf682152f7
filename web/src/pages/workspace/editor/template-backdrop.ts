// The backdrop a template's picture sits on in the gallery: the template's own background colour
// when its settings (over the type's defaults) have one, else a dark neutral when its text colour
// is light (the reviews "Spotlight slider" draws a white heading on no background of its own),
// else none (the card's light surface). Read from the settings' names, so a new type needs no code.
const HEX = /^#([0-9a-f]{6})$/i;
export const DARK_BACKDROP = '#1f2937';
/** Relative luminance above which a text colour reads only on a dark backdrop. */
const LIGHT = 0.6;

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The first #rrggbb value among the settings whose name matches. */
function colourNamed(settings: Record<string, unknown>, name: RegExp): string | undefined {
  return Object.entries(settings).find(([key, value]) => name.test(key) && typeof value === 'string' && HEX.test(value))?.[1] as string | undefined;
}

export function templateBackdrop({ defaults, settings }: { defaults: Record<string, unknown>; settings: Record<string, unknown> }): string | undefined {
  const merged = { ...defaults, ...settings };
  const own = colourNamed(merged, /background/i);
  if (own) return own;
  const text = colourNamed(merged, /^text|textColou?r$/i);
  return text && luminance(text) > LIGHT ? DARK_BACKDROP : undefined;
}
