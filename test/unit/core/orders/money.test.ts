/**
 * Money rules of orders on in-memory ports and a fixed clock: what a transfer that is short or
 * too much does, what a cancellation may give back after money went back already, refunds that
 * fail (also after succeeding, or refused at once), the office's retry, and writes made over a
 * version that moved. The same rules under concurrency: test/money (real local stack).
 */
import { describe, expect, it } from 'vitest';
import { moneyViolations } from '#core/orders/invariants';
import { cancelOrder } from '#core/orders/cancel-order';
import { chooseTransfer } from '#core/orders/pay-by-transfer';
import { getOrder, listOrders } from '#core/orders/read-orders';
import { officeConfirmTransfer } from '#core/office/confirm-transfer';
import { officeRecordTransferRefund } from '#core/office/record-transfer-refund';
import { officeRetryRefund } from '#core/office/retry-refund';
import { orderResultMessages as M } from '#core/orders/order-deps';
import { updateOrder } from '#core/orders/save-order';
import { applyProviderEvent } from '#core/payments/provider-events';
import { settleProviderRefund } from '#core/payments/refunds';
import { OPEN, form, owner, paidByCard, placed, refusal } from './steps';
import { OFFICE, orderWorld } from './world';
import { localise } from '#core/i18n/server-messages';

const SEPT = new Date('2024-09-01T02:00:00Z');
type World = ReturnType<typeof orderWorld>;




async function checking(world = orderWorld()) {
  const { id } = await placed(world);
  await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
  return { world, id, reference: (await world.orders.store.get(owner.id, id))!.reference };
}

const orderOf = async (world: World, id: string) => (await world.orders.store.get(owner.id, id))!;
const ledgerOf = (world: World, id: string) => world.deps.payments.ledger.ofSubject({ kind: 'order', id, owner_id: owner.id });
/** The invariants of the order and its money, as the money test checks them. */
const violations = async (world: World, id: string) => moneyViolations(id, await world.orders.store.get(owner.id, id), await ledgerOf(world, id));

describe('bank transfers the office confirms with the amount that arrived', () => {
  it('pays the order when the amount covers it', async () => {
    const { world, id, reference } = await checking();
    const r = await officeConfirmTransfer(world.deps, reference, 104000, OPEN);
    expect(r.data.payment_status).toBe(1);
    expect((await ledgerOf(world, id)).payments.map((p) => [p.state, p.amount])).toEqual([['confirmed', 104000]]);
    expect(await violations(world, id)).toEqual([]);
  });

  it('keeps a short transfer Checking, waiting for the rest with the same reference, and says what is missing', async () => {
    const { world, id, reference } = await checking();
    const r = await officeConfirmTransfer(world.deps, reference, 25000, OPEN);
    expect(localise('en', r.message)).toBe('The transfer is recorded, but US$790.00 is still missing: the order stays "Checking" and the delegate has been told.');
    expect((await orderOf(world, id)).payment_status).toBe(2);
    expect((await ledgerOf(world, id)).payments.map((p) => [p.state, p.amount])).toEqual([
      ['confirmed', 25000],
      ['pending', 79000],
    ]);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Incomplete payment/);
    expect(world.outbox.at(-1)!.text).toContain('US$790.00 is still missing');
    // The list says again what is awaited.
    expect((await listOrders(world.list, owner.id, OPEN)).items[0]).toMatchObject({ transfer_awaited: '790.00', reference });
    expect(await violations(world, id)).toEqual([]);
    await officeConfirmTransfer(world.deps, reference, 79000, OPEN);
    expect((await orderOf(world, id)).payment_status).toBe(1);
    expect(await violations(world, id)).toEqual([]);
  });

  it('pays the order when too much arrived and records the difference as a bank refund for the office', async () => {
    const { world, id, reference } = await checking();
    const r = await officeConfirmTransfer(world.deps, reference, 110000, OPEN);
    expect(localise('en', r.message)).toMatch(/US\$60\.00 more than the order costs arrived/);
    expect((await orderOf(world, id)).payment_status).toBe(1);
    expect((await ledgerOf(world, id)).refunds.map((x) => [x.reason, x.method, x.state, x.amount])).toEqual([['surplus', 'transfer', 'created', 6000]]);
    expect(await violations(world, id)).toEqual([]);
    await officeRecordTransferRefund(world.deps, reference, OPEN);
    expect((await orderOf(world, id)).payment_status).toBe(1);
    expect((await ledgerOf(world, id)).refunds[0]!.state).toBe('done');
    // A cancellation gives back at most what the order holds: 1,040 - 50 fee, from 1,100 - 60.
    expect((await listOrders(world.list, owner.id, SEPT)).items[0]!.cancellation).toMatchObject({ refund_amount: '990.00' });
  });

  it('refuses "Done" once registration has closed, as card payment is refused', async () => {
    const { world, id } = await placed();
    const e = await refusal(chooseTransfer(world.deps, owner.id, id, 'done', new Date('2024-11-05T02:00:00Z'), OFFICE));
    expect([e.kind, e.message]).toEqual(['forbidden', M.closed]);
    expect((await orderOf(world, id)).payment_status).toBe(0);
  });

  it('records the transfer for the amount of the order as it is when "Done" is written', async () => {
    const { world, id } = await placed();
    await updateOrder(world.deps, owner.id, id, form({ accompanying_person: '2' }), OPEN);
    await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
    const order = await orderOf(world, id);
    expect((await ledgerOf(world, id)).payments[0]!.amount).toBe(order.amount_required);
  });
});

describe('cancellation after money went back in the provider dashboard', () => {
  it('quotes and refunds at most what is left: min(policy, received - refunded)', async () => {
    const { world, id, intent } = await paidByCard();
    // US$1,040 paid; US$300 given back in the dashboard; the policy would give 990.
    await settleProviderRefund(world.deps.payments, world.card.dashboardRefund(intent, 30000), OPEN);
    const list = await listOrders(world.list, owner.id, SEPT);
    expect(list.items[0]!.cancellation).toMatchObject({ refund_amount: '740.00', already_refunded: '300.00' });
    expect((await getOrder(world.deps, owner.id, id, SEPT)).order.cancellation).toMatchObject({ refund_amount: '740.00' });
    const e = await refusal(cancelOrder(world.deps, owner.id, id, '990.00', SEPT));
    expect(e.message).toBe(M.refundChanged);
    const r = await cancelOrder(world.deps, owner.id, id, '740.00', SEPT);
    expect(r.data.refund_amount).toBe('740.00');
    expect(world.card.created.length).toBe(1);
    const asked = [...world.card.refunds.values()].at(-1)!;
    expect(asked.amount).toBe(74000);
    expect(await violations(world, id)).toEqual([expect.objectContaining({ rule: 'card-refund-answered' })]);
  });

  it('cancels without refund when everything was given back already', async () => {
    const { world, id, intent } = await paidByCard();
    await settleProviderRefund(world.deps.payments, world.card.dashboardRefund(intent, 104000), OPEN);
    expect((await listOrders(world.list, owner.id, SEPT)).items[0]!.cancellation).toMatchObject({ refund_amount: '0.00' });
    expect((await cancelOrder(world.deps, owner.id, id, '0.00', SEPT)).message).toBe(M.cancelledWithoutRefund);
    expect(await violations(world, id)).toEqual([]);
  });
});

describe('a cancellation racing another change of the order', () => {
  it('reads again and cancels when the order moved between its read and its write (nothing was written, no refund asked for)', async () => {
    const { world, id } = await paidByCard();
    const commit = world.deps.payments.ledger.commit;
    let raced = 0;
    world.deps.payments.ledger.commit = async (write) => (write.refunds?.length && raced++ === 0 ? 'conflict' : commit(write));
    const r = await cancelOrder(world.deps, owner.id, id, '990.00', SEPT);
    expect(r.data.refund_amount).toBe('990.00');
    expect(raced).toBeGreaterThan(1);
    expect(world.card.refunds.size).toBe(1);
    expect([...world.card.refunds.values()][0]!.amount).toBe(99000);
  });

  it('gives up after three tries with "changed in another window", having asked for no refund', async () => {
    const { world, id } = await paidByCard();
    let tries = 0;
    world.deps.payments.ledger.commit = async () => {
      tries++;
      return 'conflict';
    };
    const e = await refusal(cancelOrder(world.deps, owner.id, id, '990.00', SEPT));
    expect(e.message).toBe(M.changedElsewhere);
    expect(tries).toBe(3);
    expect(world.card.refunds.size).toBe(0);
  });
});

describe('refunds that fail', () => {
  it('puts a Cancelled order back to Paid when a refund that succeeded fails later, and tells delegate and office', async () => {
    const { world, id } = await paidByCard();
    world.card.refundsWill('succeeded');
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    expect((await orderOf(world, id)).payment_status).toBe(-1);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Refund completed/);
    const refund = [...world.card.refunds.values()].at(-1)!;
    world.card.failLater(refund.id);
    await applyProviderEvent(world.deps.payments, { id: 'evt_failed', type: 'refund.failed', objectId: refund.id }, SEPT);
    const order = await orderOf(world, id);
    expect([order.payment_status, Boolean(order.refund_failed_at)]).toEqual([1, true]);
    const money = await ledgerOf(world, id);
    expect(money.refunds.map((r) => r.state)).toEqual(['failed']);
    expect(money.payments.map((p) => p.state)).toEqual(['confirmed']);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Refund not completed/);
    expect(world.mailsTo(OFFICE).at(-1)).toMatch(/^Refund not completed/);
    expect(await violations(world, id)).toEqual([]);
    // The same event again, and the older charge.refund.updated: nothing more happens.
    await applyProviderEvent(world.deps.payments, { id: 'evt_failed', type: 'refund.failed', objectId: refund.id }, SEPT);
    await applyProviderEvent(world.deps.payments, { id: 'evt_charge', type: 'charge.refund.updated', objectId: refund.id }, SEPT);
    expect(world.mailsTo(owner.email).filter((s) => s.startsWith('Refund not completed'))).toHaveLength(1);
  });

  it('marks a refund the provider refuses at once as failed: the order is Paid again, never stuck in Refunding', async () => {
    const { world, id } = await paidByCard();
    world.card.refuses(true);
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    const order = await orderOf(world, id);
    expect([order.payment_status, Boolean(order.refund_failed_at)]).toEqual([1, true]);
    expect((await ledgerOf(world, id)).refunds[0]).toMatchObject({ state: 'failed', failure_reason: expect.stringMatching(/unrefunded amount/) as string });
    expect(await violations(world, id)).toEqual([]);
  });

  it('lets the office try a failed refund again', async () => {
    const { world, id } = await paidByCard();
    world.card.refundsWill('failed');
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    const { reference } = await orderOf(world, id);
    // The delegate is told on the row; cancelling again is the office's to do, not the delegate's.
    const row = (await listOrders(world.list, owner.id, SEPT)).items[0]!;
    expect([row.refund_failed, row.actions.cancel, row.cancellation]).toEqual([true, false, null]);
    expect((await refusal(cancelOrder(world.deps, owner.id, id, undefined, SEPT))).message).toBe(M.refundWithOffice);
    world.card.refundsWill('succeeded');
    const r = await officeRetryRefund(world.deps, reference, SEPT);
    expect(r.message).toBe('The refund has been requested again: the order is "Refunding".');
    const order = await orderOf(world, id);
    expect([order.payment_status, order.refund_failed_at]).toEqual([-1, null]);
    // The list shows what came back: the refund that was done, not the one that failed.
    expect((await listOrders(world.list, owner.id, SEPT)).items[0]).toMatchObject({ refunded: '990.00', transfer_awaited: null });
    expect((await ledgerOf(world, id)).refunds.map((x) => [x.state, x.amount])).toEqual([
      ['failed', 99000],
      ['done', 99000],
    ]);
    expect(await violations(world, id)).toEqual([]);
    expect((await refusal(officeRetryRefund(world.deps, reference, SEPT))).message).toBe('This order has no failed refund to try again.');
  });

  it('keeps a refund the provider never answered in progress, and the office asks again under the same key', async () => {
    const { world, id } = await paidByCard();
    world.card.down(true);
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    expect((await orderOf(world, id)).payment_status).toBe(-2);
    expect((await ledgerOf(world, id)).refunds.map((r) => r.state)).toEqual(['created']);
    const { reference } = await orderOf(world, id);
    expect((await officeRetryRefund(world.deps, reference, SEPT)).message).toBe('The card provider still does not answer. Please try again later.');
    world.card.down(false);
    world.card.refundsWill('succeeded');
    expect((await officeRetryRefund(world.deps, reference, SEPT)).message).toBe('The card provider has been asked again for the refund it had not answered.');
    expect((await orderOf(world, id)).payment_status).toBe(-1);
    expect(world.card.refunds.size).toBe(1);
    expect(await violations(world, id)).toEqual([]);
  });

  it('refuses a stale step-4 save over the failed refund note (another path wrote the order meanwhile)', async () => {
    const { world, id } = await paidByCard();
    const opened = (await getOrder(world.deps, owner.id, id, SEPT)).order;
    world.card.refundsWill('failed');
    await cancelOrder(world.deps, owner.id, id, undefined, SEPT);
    const e = await refusal(updateOrder(world.deps, owner.id, id, form({ hotel: '0' }), SEPT, { updatedAt: opened.updated_at, status: opened.payment_status }));
    expect([e.kind, e.message]).toEqual(['conflict', M.changedElsewhere]);
    expect((await orderOf(world, id)).refund_failed_at).toBeTruthy();
  });
});

describe('every write moves the order version', () => {
  it('a payment, a cancellation and a refund each give the order a newer updated_at', async () => {
    const { world, id } = await placed();
    const seen = [(await orderOf(world, id)).updated_at];
    await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
    seen.push((await orderOf(world, id)).updated_at);
    await officeConfirmTransfer(world.deps, (await orderOf(world, id)).reference, 104000, OPEN);
    seen.push((await orderOf(world, id)).updated_at);
    await cancelOrder(world.deps, owner.id, id, undefined, OPEN);
    seen.push((await orderOf(world, id)).updated_at);
    expect(new Set(seen).size).toBe(4);
    expect([...seen].sort()).toEqual(seen);
  });
});
