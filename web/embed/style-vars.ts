// A widget's colors and sizes from its settings as CSS variables on its root. The schemas allow
// #rrggbb and bounded integers only; anything else (a widget saved before a check) is left out,
// so the stylesheet's fallback applies.
export function setColors(root: HTMLElement, colors: Record<string, string | undefined>): void {
  for (const [name, color] of Object.entries(colors)) if (color && /^#[0-9a-f]{6}$/i.test(color)) root.style.setProperty(name, color);
}

export function setNumbers(root: HTMLElement, numbers: Record<string, { value: number | undefined; min: number; max: number; unit?: string }>): void {
  for (const [name, { value, min, max, unit = '' }] of Object.entries(numbers)) {
    if (typeof value === 'number' && Number.isFinite(value)) root.style.setProperty(name, `${Math.min(max, Math.max(min, Math.round(value)))}${unit}`);
  }
}
