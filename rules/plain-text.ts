// Rich text (the editor's HTML) read as plain words, for a table cell or a card line where
// markup would show as raw tags. Linear in the input: one pass per pattern, no nesting.

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** '<p>Simple and <b>well</b> made.</p><p>Yes</p>' -> 'Simple and well made. Yes' */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}
