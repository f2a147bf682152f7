// Amounts are major units (dollars) kept to cents.
export const roundCents = (amount: number): number => Math.round(amount * 100) / 100;
