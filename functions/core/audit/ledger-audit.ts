/**
 * The audit entries of one ledger write: every payment and refund record it creates or moves, and
 * the subject's state when it changes, each with the values before and after. The ledger adapter
 * writes them in the write's own transaction (storage/ledger.ts), so no money changes unaudited.
 */
import type { Payment, Refund } from '../payments/model';
import type { LedgerWrite, RecordWrite } from '../payments/ports';
import { auditEntry, type Actor, type AuditEntry } from './audit';

/** `transfer.confirmed`, `payment.confirmed` (card), `refund.done`, `order.paid`, ... */
function paymentAction(p: Payment) {
  return p.method === 'transfer' && p.state === 'confirmed' ? 'transfer.confirmed' : p.method === 'transfer' && p.state === 'pending' ? 'transfer.noted' : `payment.${p.state}`;
}

const moneyOf = (r: Payment | Refund) => ({ state: r.state, amount: r.amount, method: r.method, version: r.version });

export function ledgerAuditEntries(write: LedgerWrite, actor: Actor, at: Date, statusName: (kind: string, status: number) => string): AuditEntry[] {
  const entries: AuditEntry[] = [];
  const records = <T extends Payment | Refund>(writes: RecordWrite<T>[] | undefined, type: 'payment' | 'refund', action: (r: T) => string) => {
    for (const { record, expect } of writes ?? []) {
      entries.push(
        auditEntry({
          action: action(record),
          actor,
          at,
          object: { type, id: record.id },
          before: expect === null ? undefined : { version: expect },
          after: { ...moneyOf(record), subject: `${record.subject.kind}:${record.subject.id}`, ...('reason' in record ? { reason: record.reason } : {}), ...('note' in record && record.note ? { note: record.note } : {}) },
        }),
      );
    }
  };
  records(write.payments, 'payment', paymentAction);
  records(write.refunds, 'refund', (r) => `refund.${r.state}`);
  const change = write.subject;
  if (change && (change.from !== change.to || change.place)) {
    const name = (s: number) => statusName(change.subject.kind, s);
    entries.push(
      auditEntry({
        action: `${change.subject.kind}.${name(change.to).toLowerCase()}`,
        actor,
        at,
        object: { type: change.subject.kind, id: change.subject.id },
        before: { status: name(change.from), version: change.version.base },
        after: { status: name(change.to), version: change.version.next, ...(change.set ?? {}), ...(change.place ? { place: change.place } : {}) },
      }),
    );
  }
  return entries;
}
