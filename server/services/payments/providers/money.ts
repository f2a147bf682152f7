// Both providers take amounts as integers in the currency's smallest unit; our records hold major units.
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** 12.34 USD -> 1234; 500 JPY -> 500. Rounded, so 0.1 + 0.2 dollars is 30 cents. */
export function minorUnits({ amount, currency }: { amount: number; currency: string }): number {
  const code = currency.toUpperCase();
  const exponent = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  return Math.round(amount * 10 ** exponent);
}
