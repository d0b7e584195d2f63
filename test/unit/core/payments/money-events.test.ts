/** Following a money event (core/payments/money-events.ts): documents, then the mail once, then done; again changes nothing. */
import { describe, expect, it } from 'vitest';
import { followMoneyEvent, groupOfEvent, moneyEventGroup, moneyEventId, orderPlacedEvent, orderPlacedGroup, storedMoneyEvent, type MoneyEventStore, type OrderPlacedEvent, type StoredMoneyEvent } from '#core/payments/money-events';
import type { PaymentMail } from '#core/payments/ports';

const AT = new Date('2024-08-01T02:00:00Z');
const subject = { kind: 'order' as const, id: 'o1', owner_id: 'u1' };
const payment = { id: 'p1', version: 2, subject } as unknown as PaymentMail['payment'];
const mail = { kind: 'payment-received', payable: { subject } as PaymentMail['payable'], payment, at: AT } as PaymentMail;

function world(failDocuments = 0, event: StoredMoneyEvent = storedMoneyEvent(mail, { kind: 'stripe', id: 'stripe' }, AT)) {
  const items = new Map<string, StoredMoneyEvent>();
  items.set(event.id, event);
  const events: MoneyEventStore = {
    get: async (ref) => (items.has(ref.id) ? { ...items.get(ref.id)! } : undefined),
    claimMail: async (ref, at) => {
      const e = items.get(ref.id)!;
      if (e.mailed_at) return false;
      e.mailed_at = at.toISOString();
      return true;
    },
    done: async (ref, at) => {
      Object.assign(items.get(ref.id)!, { state: 'done', done_at: at.toISOString() });
    },
    pending: async () => [],
  };
  const calls: string[] = [];
  let failures = failDocuments;
  const deps = {
    events,
    documents: async () => {
      if (failures-- > 0) throw new Error('table unreachable');
      calls.push('documents');
    },
    mail: async (m: PaymentMail) => void calls.push(`mail ${m.kind} at ${m.at.toISOString()}`),
    orderPlaced: async (e: OrderPlacedEvent) => void calls.push(`order placed ${e.order_id}`),
  };
  return { deps, calls, ref: { owner_id: 'u1', id: event.id }, items };
}

describe('money events', () => {
  it('are named by their kind and record version, and an order goes to the one documents group', () => {
    expect(moneyEventId(mail)).toBe('payment-received.p1.2');
    expect(moneyEventGroup(subject)).toBe('documents');
    expect(moneyEventGroup({ kind: 'registration-fee', id: 'r', owner_id: 'u9' })).toBe('owner-u9');
  });

  it('are followed once: documents, the mail with its instant, done; a redelivery changes nothing', async () => {
    const w = world();
    expect(await followMoneyEvent(w.deps, w.ref, AT)).toBe('followed');
    expect(await followMoneyEvent(w.deps, w.ref, AT)).toBe('done-before');
    expect(w.calls).toEqual(['documents', 'mail payment-received at 2024-08-01T02:00:00.000Z']);
    expect(w.items.get(w.ref.id)!.state).toBe('done');
  });

  it('come again when the documents cannot be issued, and are mailed once when they can', async () => {
    const w = world(1);
    await expect(followMoneyEvent(w.deps, w.ref, AT)).rejects.toThrow('table unreachable');
    expect(w.items.get(w.ref.id)!.state).toBe('pending');
    expect(await followMoneyEvent(w.deps, w.ref, AT)).toBe('followed');
    expect(w.calls.filter((c) => c.startsWith('mail'))).toHaveLength(1);
  });

  it('send no second mail when the first was claimed before a crash', async () => {
    const w = world();
    w.items.get(w.ref.id)!.mailed_at = AT.toISOString();
    expect(await followMoneyEvent(w.deps, w.ref, AT)).toBe('followed');
    expect(w.calls).toEqual(['documents']);
  });

  it('answer unknown for an event that is not there', async () => {
    const w = world();
    expect(await followMoneyEvent(w.deps, { owner_id: 'u1', id: 'nope' }, AT)).toBe('unknown');
  });

  it('an order placed: one per order, in its owner\'s group, mailed once and no documents', async () => {
    const placed = orderPlacedEvent({ id: 'o7', owner_id: 'u1' }, { kind: 'delegate', id: 'u1', email: 'a@example.org' }, AT);
    expect([placed.id, orderPlacedGroup('u1'), groupOfEvent(placed), groupOfEvent(storedMoneyEvent(mail, { kind: 'stripe', id: 'stripe' }, AT))]).toEqual(['order-placed.o7', 'owner-u1', 'owner-u1', 'documents']);
    const w = world(0, placed);
    expect(await followMoneyEvent(w.deps, w.ref, AT)).toBe('followed');
    expect(await followMoneyEvent(w.deps, w.ref, AT)).toBe('done-before');
    expect(w.calls).toEqual(['order placed o7']);
  });
});
