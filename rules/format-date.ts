// Dates as MM/DD/YYYY (spec 001 section 5), read in UTC so the browser and the server agree.

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-03-05T23:10:00Z' -> '03/05/2026'; anything that is not a date is returned as given. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** '2026-03-05T23:10:07Z' -> '03/05/2026 23:10:07 UTC': the date as formatDate, then the time of day. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}
