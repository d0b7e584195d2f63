/** Amounts are whole cents (or fen); shown with their currency and two decimals. */
export function formatMoney(cents: number, currency: 'USD' | 'CNY' = 'USD', decimals = 2): string {
  const value = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return currency === 'USD' ? `US$${value}` : `CNY ${value}`;
}
