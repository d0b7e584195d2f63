/**
 * The repair of what follows money (`npm run reconcile -- --repair`): what the reconciliation
 * reports as late events or missing documents (core/payments/reconcile.ts `documentDisagreements`)
 * is done again, safely (every step is idempotent):
 *
 * - every money event still pending a minute after its write is handed on to the money-events
 *   worker again (lost on its way, or in the dead-letter queue after failing there): the worker
 *   follows it once (a mail already claimed is not sent again);
 * - an order whose documents disagree with its money while none of its events is pending has its
 *   missing receipt or credit note issued now (issuing only adds what the ledger calls for).
 *
 * An admin command's work (it Scans the table), never a request's.
 */
import type { Actor } from '#core/audit/audit';
import { documentViolations, issueAfterMoney } from '#core/documents/order-documents';
import { groupOfEvent, type MoneyEventRef } from '#core/payments/money-events';
import { allOrdersWithMoney } from '#storage/money-scan';
import { moneyEventStore } from '#storage/money-events';
import { handOnMoneyEvents } from './money-events';
import { issueAfterMoneyDeps } from './order-documents';

/** Events younger than this are left to the hand-on of their own request. */
const SETTLING_MS = 60_000;
/** The most events handed on in one run (run it again for more). */
const MAX_EVENTS = 5_000;

export interface Repaired {
  /** The events handed on again. */
  events: string[];
  /** The orders (their numbers) whose missing documents were issued. */
  documents: string[];
}

export async function repairMoneyFollowUps(actor: Actor, at: Date): Promise<Repaired> {
  const refs: (MoneyEventRef & { group: string })[] = [];
  for (const ref of await moneyEventStore.pending(new Date(at.getTime() - SETTLING_MS), MAX_EVENTS)) {
    const event = await moneyEventStore.get(ref);
    if (event?.state !== 'pending') continue;
    refs.push({ ...ref, group: groupOfEvent(event) });
  }
  // A deduplication id of this run: SQS would drop a second message with the event's own id sent within five minutes.
  await handOnMoneyEvents(refs, `~repair-${at.getTime()}`);

  const documents: string[] = [];
  for (const money of await allOrdersWithMoney({ documents: true })) {
    if (!money.order || !money.documents || money.documents.pending_events.length > 0) continue;
    const missing = documentViolations(money.order, money.ledger, money.documents.issued).some((v) => v.rule === 'receipt-when-paid' || v.rule === 'documents-balance');
    if (!missing) continue;
    await issueAfterMoney(issueAfterMoneyDeps, { kind: 'order', id: money.order.id, owner_id: money.order.owner_id }, actor, at);
    documents.push(money.order.order_no);
  }
  return { events: refs.map((r) => r.id), documents };
}
