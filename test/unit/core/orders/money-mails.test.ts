/**
 * Every money mail says what the ledger records it is about say (issue 29 item 3): each way money
 * moves on the in-memory ports, then every mail the delegate got is read as the delegate reads it
 * and compared with the order's ledger (test/support/money-mails.ts, the oracle the model-based
 * money test applies to the local SES store).
 */
import { describe, expect, it } from 'vitest';
import { cancelOrder } from '#core/orders/cancel-order';
import { chooseTransfer } from '#core/orders/pay-by-transfer';
import { startOrderCheckout } from '#core/orders/pay-by-card';
import { officeConfirmTransfer } from '#core/office/confirm-transfer';
import { officeRecordTransferRefund } from '#core/office/record-transfer-refund';
import { settleCheckout } from '#core/payments/card-checkout';
import { moneyMailOf, moneyMailProblems } from '../../../support/money-mails';
import { OPEN, owner, paidByCard, placed } from './steps';
import { orderWorld } from './world';

const SEPT = new Date('2024-09-01T02:00:00Z');
type World = ReturnType<typeof orderWorld>;

/** Every money mail the delegate got, checked against the order's ledger as it is now; the kinds seen. */
async function checkMails(world: World, id: string) {
  const order = (await world.orders.store.get(owner.id, id))!;
  const ledger = await world.deps.payments.ledger.ofSubject({ kind: 'order', id, owner_id: owner.id });
  const mails = world.outbox.filter((m) => m.to === owner.email);
  const problems = mails.flatMap((m) => moneyMailProblems(m, moneyMailOf(m.subject)?.key === order.order_no ? { cost: order.amount_required, ledger } : undefined));
  const money = mails.filter((m) => moneyMailOf(m.subject));
  return { problems, kinds: money.map((m) => moneyMailOf(m.subject)!.kind), texts: money.map((m) => `${m.subject}\n${m.text}`) };
}

async function checking(world = orderWorld()) {
  const { id } = await placed(world);
  await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, 'office@example.org');
  return { world, id, reference: (await world.orders.store.get(owner.id, id))!.reference };
}

describe('money mails say what the ledger says', () => {
  it('an overpaid transfer: paid, and the difference (not the whole payment, not by card) goes back by bank transfer', async () => {
    const { world, id, reference } = await checking();
    await officeConfirmTransfer(world.deps, reference, 110000, OPEN); // 1,100.00 for 1,040.00
    const seen = await checkMails(world, id);
    expect(seen.kinds).toEqual(['payment-received', 'surplus-refunded']);
    expect(seen.problems).toEqual([]);
    const surplus = seen.texts.at(-1)!;
    expect(surplus).not.toMatch(/by card|in full/);
    expect(surplus).toContain('US$60.00');
    await officeRecordTransferRefund(world.deps, reference, OPEN);
    const after = await checkMails(world, id);
    expect(after.kinds.at(-1)).toBe('refund-completed');
    expect(after.problems).toEqual([]);
  });

  it('a transfer in two parts: what arrived and what is missing', async () => {
    const { world, id, reference } = await checking();
    await officeConfirmTransfer(world.deps, reference, 25000, OPEN);
    await officeConfirmTransfer(world.deps, reference, 80000, OPEN); // 10.00 too much
    const seen = await checkMails(world, id);
    expect(seen.kinds).toEqual(['payment-incomplete', 'payment-received', 'surplus-refunded']);
    expect(seen.problems).toEqual([]);
  });

  it('a bank transfer order cancelled: the refund goes by bank transfer, and its completion says so', async () => {
    const { world, id, reference } = await checking();
    await officeConfirmTransfer(world.deps, reference, 104000, OPEN);
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    await officeRecordTransferRefund(world.deps, reference, SEPT);
    const seen = await checkMails(world, id);
    expect(seen.kinds).toEqual(['payment-received', 'refund-requested', 'refund-completed']);
    expect(seen.problems).toEqual([]);
    expect(seen.texts.at(-2)).not.toMatch(/\bcard\b/);
  });

  it('card: a cancellation refund that completes, and one that fails', async () => {
    const { world, id } = await paidByCard();
    world.card.refundsWill('succeeded');
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    const seen = await checkMails(world, id);
    expect(seen.kinds).toEqual(['payment-received', 'refund-requested', 'refund-completed']);
    expect(seen.problems).toEqual([]);

    const other = await paidByCard(world);
    world.card.refundsWill('failed');
    await cancelOrder(world.deps, owner.id, other.id, undefined, SEPT);
    const failed = await checkMails(world, other.id);
    expect(failed.kinds.slice(-2)).toEqual(['refund-requested', 'refund-failed']);
    expect(failed.problems.filter((p) => !p.includes('not an order or registration'))).toEqual([]);
  });

  it('card: money that cannot pay the order (its amount changed) is refunded in full, to the card, and the mail says so', async () => {
    const world = orderWorld();
    const { id } = await placed(world);
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    const first = [...world.card.sessions.values()].at(-1)!;
    // The amount changed behind the checkout: the money cannot pay the order.
    world.card.pay(first.id, { amountTotal: 1000 });
    await settleCheckout(world.deps.payments, first.id, OPEN);
    const seen = await checkMails(world, id);
    expect(seen.kinds).toEqual(['surplus-refunded']);
    expect(seen.problems).toEqual([]);
    expect(seen.texts[0]).toMatch(/in full/);
  });
});

describe('the oracle itself', () => {
  it('finds the mail of issue 29: US$700.00 "by card ... in full" for a US$50.00 bank refund', () => {
    const at = '2024-08-01T02:00:00.000Z';
    const subject = { kind: 'order' as const, id: 'o1', owner_id: 'u1' };
    const payment = { id: 'p1', subject, amount: 70000, currency: 'USD' as const, method: 'transfer' as const, provider: 'bank' as const, provider_ids: {}, state: 'confirmed' as const, version: 2, created_at: at, updated_at: at, confirmed_at: at };
    const refund = { id: 'r1', payment_id: 'p1', subject, amount: 5000, currency: 'USD' as const, method: 'transfer' as const, state: 'created' as const, version: 1, reason: 'surplus' as const, requested_by: 'system' as const, created_at: at, updated_at: at };
    const mail = {
      subject: 'Payment refunded: registration order R24-000004',
      text: 'IACR 2024\n\nWe are refunding a payment in full\n\nWe received US$700.00 by card, but the amount received did not match the order. We are refunding it in full; nothing else changes for your order.\n\n--\nfooter',
    };
    const problems = moneyMailProblems(mail, { cost: 65000, ledger: { payments: [payment], refunds: [refund] } });
    expect(problems.join('\n')).toMatch(/no "Payment" section/);
    expect(problems.join('\n')).toMatch(/no "Refund" section/);
    expect(problems.join('\n')).toMatch(/speaks of a card/);
  });
});
