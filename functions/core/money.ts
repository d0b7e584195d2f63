/** Amounts are whole cents (or fen); shown with their currency and two decimals. */

/**
 * Whole cents as en-US writes them: a comma every three digits, then `decimals` (2 or 0, rounded
 * half away from zero) decimals: 104000 -> "1,040.00". Written out rather than with
 * Intl.NumberFormat: the first formatter a page creates loads the locale data, a long task of its
 * own on a slow phone (about 65 ms at 4x CPU slowdown).
 */
function groupedCents(cents: number, decimals: 0 | 2): string {
  const abs = Math.abs(Math.round(cents));
  const units = decimals === 2 ? Math.floor(abs / 100) : Math.round(abs / 100);
  const grouped = String(units).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = decimals === 2 ? `.${String(abs % 100).padStart(2, '0')}` : '';
  const zero = units === 0 && (decimals === 0 || abs % 100 === 0);
  return `${cents < 0 && !zero ? '-' : ''}${grouped}${fraction}`;
}

export function formatMoney(cents: number, currency: 'USD' | 'CNY' = 'USD', decimals: 0 | 2 = 2): string {
  const value = groupedCents(cents, decimals);
  return currency === 'USD' ? `US$${value}` : `CNY ${value}`;
}

/** Amounts on the wire, as the spec shows them: US dollars with two decimals ("1040.00"). */
export const wireAmount = (cents: number) => (cents / 100).toFixed(2);

/** A wire amount ("1040.00") as people read it everywhere: US$1,040.00. */
export const formatWireUsd = (wire: string) => formatMoney(Math.round(Number(wire) * 100));
