// Amounts with 2 decimals and their currency, USD by default (spec 001 section 9).

export const DEFAULT_CURRENCY = 'USD';

/** 1234.5 -> "$1,234.50"; an unknown currency code is shown after the amount ("1,234.50 XBT"). */
export function money(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // Intl throws RangeError on a code that is not three letters.
    return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${code}`;
  }
}
