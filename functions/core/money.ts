/** Amounts are whole cents (or fen); shown with their currency and two decimals. */
/** One formatter per number of decimals: creating one costs far more than using it (a list renders many amounts). */
const formatters = new Map<number, Intl.NumberFormat>();
const formatterFor = (decimals: number) => {
  let f = formatters.get(decimals);
  if (!f) formatters.set(decimals, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f;
};

export function formatMoney(cents: number, currency: 'USD' | 'CNY' = 'USD', decimals = 2): string {
  const value = formatterFor(decimals).format(cents / 100);
  return currency === 'USD' ? `US$${value}` : `CNY ${value}`;
}

/** Amounts on the wire, as the spec shows them: US dollars with two decimals ("1040.00"). */
export const wireAmount = (cents: number) => (cents / 100).toFixed(2);

/** A wire amount ("1040.00") as people read it everywhere: US$1,040.00. */
export const formatWireUsd = (wire: string) => formatMoney(Math.round(Number(wire) * 100));
