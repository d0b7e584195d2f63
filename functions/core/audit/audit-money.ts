/**
 * Money in audit entries, read as an amount with its currency. The ledger's entries (payments,
 * refunds) and the registrations' fees are written in whole cents, as the records hold them
 * (`amount: 65000`); the statement lines' in dollars as on the wire (`amount: "650.00"`). Entries
 * are never rewritten, so the reading knows both: the office's audit trail shows "US$650.00" and a
 * delegate's own-data export gives `{ amount: "650.00", currency: "USD" }`, never 65000.
 */
import { formatMoney, wireAmount } from '../money';
import type { AuditEntry } from './audit';

/** The fields whose numbers are whole cents. */
const centFields = new Set(['amount', 'amount_required', 'register_fee', 'dinner_fee']);
/** The fields that hold dollars as on the wire ("650.00"). */
const wireFields = new Set(['amount', 'refund_amount']);
const WIRE = /^-?\d+\.\d{2}$/;

export type Currency = 'USD' | 'CNY';
export interface MoneyValue {
  /** Dollars (or yuan) with two decimals, as on the wire: "650.00". */
  amount: string;
  currency: Currency;
}

const currencyOf = (entry: Pick<AuditEntry, 'before' | 'after'>): Currency => ((entry.after?.currency ?? entry.before?.currency) === 'CNY' ? 'CNY' : 'USD');

/** The money `value` of `field` in `entry` stands for, or null when it is not money. */
export function auditMoney(entry: Pick<AuditEntry, 'before' | 'after'>, field: string, value: unknown): MoneyValue | null {
  if (typeof value === 'number' && Number.isInteger(value) && centFields.has(field)) return { amount: wireAmount(value), currency: currencyOf(entry) };
  if (typeof value === 'string' && WIRE.test(value) && wireFields.has(field)) return { amount: value, currency: currencyOf(entry) };
  return null;
}

/** A money value as people read it: US$1,040.00. */
export const moneyText = (m: MoneyValue) => formatMoney(Math.round(Number(m.amount) * 100), m.currency);

/** The entry with every amount it holds as an amount with its currency (for the own-data export). */
export function auditEntryWithMoney(entry: AuditEntry): AuditEntry {
  const side = (values: Record<string, unknown> | undefined) =>
    values && Object.fromEntries(Object.entries(values).map(([field, value]) => [field, auditMoney(entry, field, value) ?? value]));
  return { ...entry, ...(entry.before ? { before: side(entry.before) } : {}), ...(entry.after ? { after: side(entry.after) } : {}) };
}
