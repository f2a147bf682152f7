// "read_marketing_events" -> "Read your marketing events".
export function scopeLabel(scope: string): string {
  const [, access, area] = /^(read|write)_(.+)$/.exec(scope) ?? [];
  if (!access) return scope;
  const what = area.replace(/_/g, ' ');
  return access === 'read' ? `Read your ${what}` : `Change your ${what}`;
}
