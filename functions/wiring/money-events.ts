/**
 * Handing money events on (core/payments/money-events.ts): after a ledger write with events has
 * committed, their references go to the money-events queue (FIFO: the event's group, its id as
 * the deduplication id, so a reference handed on twice within five minutes is delivered once).
 * A hand-on that fails is logged and never fails the request: the money and its events are
 * written, and the sweep hands on what is still pending.
 */
import { moneyEventGroup, moneyEventId, type MoneyEventRef } from '#core/payments/money-events';
import type { Ledger, LedgerWrite } from '#core/payments/ports';
import { appMode } from '#lib/env';
import { MAX_BATCH, queueSender } from '#lib/queue-sender';
import { domainLog } from '#lib/logger';

const sender = queueSender('money-events');

export async function handOnMoneyEvents(refs: readonly (MoneyEventRef & { group: string })[]): Promise<void> {
  for (let i = 0; i < refs.length; i += MAX_BATCH) {
    await sender.sendBatch(refs.slice(i, i + MAX_BATCH).map((ref) => ({ body: { owner_id: ref.owner_id, id: ref.id }, groupId: ref.group, deduplicationId: ref.id })));
  }
}

const refsOf = (write: LedgerWrite) => (write.events ?? []).map((mail) => ({ owner_id: mail.payable.subject.owner_id, id: moneyEventId(mail), group: moneyEventGroup(mail.payable.subject) }));

/** The ledger of a request whose writes hand their events on once committed. */
export function handingOn(ledger: Ledger): Ledger {
  return {
    ...ledger,
    async commit(write) {
      const result = await ledger.commit(write);
      if (result === 'ok' && write.events?.length) {
        await handOnMoneyEvents(refsOf(write)).catch((error: unknown) => {
          // A route without the grant is a defect of the route table, not an outage: the local
          // runtime, which holds every route to its grants, fails the request so a test finds it.
          if ((error as Error).name === 'AccessDeniedException' && appMode() === 'local') throw error;
          domainLog.error('money events not handed on (the sweep will)', { events: refsOf(write).map((r) => r.id), error: (error as Error).message });
        });
      }
      return result;
    },
  };
}
