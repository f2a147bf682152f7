// Texts with placeholders: fillText('{n} Users found', { n: 3 }) -> '3 Users found'.

export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
