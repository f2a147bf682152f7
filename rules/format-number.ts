// Numbers shown with thousands separators (spec 001 section 5): 1234567.5 -> "1,234,567.5".

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
}
