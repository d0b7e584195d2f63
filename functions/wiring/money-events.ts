/**
 * Handing money events on (core/payments/money-events.ts): after a ledger write with events has
 * committed, their references go to the money-events queue (FIFO: the event's group, its id as
 * the deduplication id, so a reference handed on twice within five minutes is delivered once).
 * A hand-on that fails is logged and never fails the request: the money and its events are
 * written, and the repair (`npm run reconcile -- --repair`) hands on what is still pending.
 */
import { moneyEventGroup, moneyEventId, orderPlacedGroup, type MoneyEventRef } from '#core/payments/money-events';
import type { OrderStore } from '#core/orders/ports';
import type { Ledger, LedgerWrite } from '#core/payments/ports';
import { appMode } from '#lib/env';
import { MAX_BATCH, queueSender } from '#lib/queue-sender';
import { domainLog } from '#lib/logger';

const sender = queueSender('money-events');

/** Hands events on; `again` (a repair's) makes their deduplication ids new, so that SQS queues them even within five minutes of the first. */
export async function handOnMoneyEvents(refs: readonly (MoneyEventRef & { group: string })[], again = ''): Promise<void> {
  for (let i = 0; i < refs.length; i += MAX_BATCH) {
    await sender.sendBatch(refs.slice(i, i + MAX_BATCH).map((ref) => ({ body: { owner_id: ref.owner_id, id: ref.id }, groupId: ref.group, deduplicationId: `${ref.id}${again}` })));
  }
}

const refsOf = (write: LedgerWrite) => (write.events ?? []).map((mail) => ({ owner_id: mail.payable.subject.owner_id, id: moneyEventId(mail), group: moneyEventGroup(mail.payable.subject) }));

/**
 * Hands committed events on. A failure never fails the request (the events are written; the repair
 * hands them on), except a route without the grant when run locally: a defect of the route table,
 * not an outage, and the local runtime holds every route to its grants so that a test finds it.
 */
async function handOnAfterCommit(refs: readonly (MoneyEventRef & { group: string })[]): Promise<void> {
  await handOnMoneyEvents(refs).catch((error: unknown) => {
    if ((error as Error).name === 'AccessDeniedException' && appMode() === 'local') throw error;
    domainLog.error('money events not handed on (npm run reconcile -- --repair hands them on)', { events: refs.map((r) => r.id), error: (error as Error).message });
  });
}

/** The ledger of a request whose writes hand their events on once committed. */
export function handingOn(ledger: Ledger): Ledger {
  return {
    ...ledger,
    async commit(write) {
      const result = await ledger.commit(write);
      if (result === 'ok' && write.events?.length) await handOnAfterCommit(refsOf(write));
      return result;
    },
  };
}

/** The orders of a request whose new orders hand their order-placed event on once created. */
export function handingOnOrders(orders: OrderStore): OrderStore {
  return {
    ...orders,
    async create(order, max, also) {
      const result = await orders.create(order, max, also);
      if (result === 'created') await handOnAfterCommit([{ owner_id: order.owner_id, id: also.placed.id, group: orderPlacedGroup(order.owner_id) }]);
      return result;
    },
  };
}
