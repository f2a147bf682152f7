// A settings text with named blanks ("Question {n} of {total}"), filled: a site owner words the
// line in their language and places the numbers where it needs them. An unknown blank stays as written.
export const fillIn = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w{1,12})\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
