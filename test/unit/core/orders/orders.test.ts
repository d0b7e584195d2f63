/**
 * The order rules and the payments module together, on in-memory ports and a fixed clock:
 * window, cap, editing rules, transfers, card fulfilment (idempotent, surplus refunded),
 * cancellation with dated refunds, and mails that never block a state change.
 */
import { describe, expect, it } from 'vitest';
import { cancelOrder } from '#core/orders/cancel-order';
import { chooseTransfer } from '#core/orders/pay-by-transfer';
import { confirmOrderCheckout, startOrderCheckout } from '#core/orders/pay-by-card';
import { createOrder, deleteOrder, updateOrder } from '#core/orders/save-order';
import { listOrders } from '#core/orders/read-orders';
import { officeConfirmTransfer } from '#core/office/confirm-transfer';
import { officeRecordTransferRefund } from '#core/office/record-transfer-refund';
import { orderResultMessages as M } from '#core/orders/order-deps';
import { orderMessages } from '#core/orders/schemas';
import { settleCheckout } from '#core/payments/card-checkout';
import { applyProviderEvent } from '#core/payments/provider-events';
import { OPEN, form, owner, paidByCard, placed, refusal } from './steps';
import { OFFICE, orderWorld } from './world';





const statusOf = async (world: ReturnType<typeof orderWorld>, id: string) => (await world.orders.store.get(owner.id, id))!.payment_status;

describe('placing orders', () => {
  it('computes the total on the server and mails the payment link with the bank reference', async () => {
    const world = orderWorld();
    const { data, message } = await createOrder(world.deps, owner, form({ rate: '650', accompanying_person: '1', post_conference_activities_person: '2' }), OPEN);
    expect(message).toBe('The update was successful.');
    expect(data).toMatchObject({ amount_required: '1040.00', checksum: expect.any(String) as string });
    const list = await listOrders(world.list, owner.id, OPEN);
    expect(list.items[0]).toMatchObject({ payment_status: 0, status_name: 'Unpaid', amount_required: '1040.00', rate_label: 'Standard', reference: expect.stringMatching(/^IACR24-000001-\d$/) as string });
    const [mail] = world.outbox;
    expect(mail!.to).toBe(owner.email);
    expect(mail!.text).toContain(`/registration/submission?checksum=${data.checksum}`);
    expect(mail!.text).toContain(list.items[0]!.reference);
  });

  it('opens on 18 July 2024 (CST) and closes when the rates end (4 November 2024, 24:00 CST)', async () => {
    const world = orderWorld();
    const early = await refusal(createOrder(world.deps, owner, form(), new Date('2024-07-17T15:59:59Z')));
    expect([early.kind, early.message]).toEqual(['forbidden', M.notYetOpen]);
    // One instant, said one way everywhere (home page, instructions, account centre, list, wizard).
    expect(M.notYetOpen).toBe('Registration opens on 18 July 2024, 00:00 CST (UTC+8).');
    await expect(createOrder(world.deps, owner, form(), new Date('2024-07-17T16:00:00Z'))).resolves.toBeDefined();
    await expect(createOrder(world.deps, owner, form(), new Date('2024-11-04T15:59:59Z'))).resolves.toBeDefined();
    const late = await refusal(createOrder(world.deps, owner, form(), new Date('2024-11-04T16:00:00Z')));
    expect(late.message).toBe(M.closed);
  });

  it('keeps at most 5 orders per delegate', async () => {
    const world = orderWorld();
    for (let i = 0; i < 5; i++) await createOrder(world.deps, owner, form(), OPEN);
    expect((await refusal(createOrder(world.deps, owner, form(), OPEN))).message).toBe(M.limit);
    await expect(createOrder(world.deps, { id: 'u2', email: 'b@example.org' }, form(), OPEN)).resolves.toBeDefined();
  });

  it('accepts only an own passport upload as the front page', async () => {
    const world = orderWorld();
    world.files.set('mine', { purpose: 'passport', owner: owner.id });
    world.files.set('theirs', { purpose: 'passport', owner: 'u2' });
    world.files.set('poster', { purpose: 'poster', owner: owner.id });
    const withFile = (id: string) => form({ visa_required: '1', date_of_birth: '1980-01-01', issue_date_of_passport: '2020-01-01', expiry_date_of_passport: '2030-01-01', passport_number: 'X1', phone_number_prefix: '+86', phone_number: '10 1234 5678', front_page_of_the_passport: id });
    await expect(createOrder(world.deps, owner, withFile('mine'), OPEN)).resolves.toBeDefined();
    for (const id of ['theirs', 'poster', 'nothing']) expect((await refusal(createOrder(world.deps, owner, withFile(id), OPEN))).message).toBe(M.passportNotFound);
  });
});

describe('editing and deleting', () => {
  it('lets an unpaid order change everything (the total follows), a paid one only step 4', async () => {
    const { world, id } = await paidByCard();
    const paid = await updateOrder(world.deps, owner.id, id, form({ rate: '250', accompanying_person: '3', hotel_book_required: '1', check_in_date: '2024-11-03', check_out_date: '2024-11-07', executive_suite_room: '1' }), OPEN);
    expect(paid.data.amount_required).toBe('1040.00');
    const stored = (await world.orders.store.get(owner.id, id))!;
    expect(stored).toMatchObject({ rate: 650, accompanying_person: 1, hotel_book_required: 1, executive_suite_room: 1, payment_status: 1 });

    const { id: unpaid } = await placed(world);
    expect((await updateOrder(world.deps, owner.id, unpaid, form({ rate: '250', accompanying_person: '0', post_conference_activities_person: '0' }), OPEN)).data.amount_required).toBe('250.00');
  });

  it('refuses edits in Checking, Refunding and Cancelled with the spec message', async () => {
    const { world, id } = await placed();
    await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
    const e = await refusal(updateOrder(world.deps, owner.id, id, form(), OPEN));
    expect([e.kind, e.message]).toEqual(['forbidden', orderMessages.editNotAllowed]);
  });

  it('deletes unpaid orders only, and ends their open checkout first', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    await deleteOrder(world.deps, owner.id, id, OPEN);
    expect([...world.card.sessions.values()][0]!.status).toBe('expired');
    const { id: paid } = await paidByCard(world);
    expect((await refusal(deleteOrder(world.deps, owner.id, paid, OPEN))).message).toBe(M.deleteNotAllowed);
  });

  it("answers not found for another delegate's order, everywhere", async () => {
    const { world, id } = await placed();
    for (const call of [
      updateOrder(world.deps, 'u2', id, form(), OPEN),
      deleteOrder(world.deps, 'u2', id, OPEN),
      cancelOrder(world.deps, 'u2', id, undefined, OPEN),
    ]) {
      expect((await refusal(call)).kind).toBe('not_found');
    }
    // Paying or transferring someone else's order is "submit the form first": there is no such order of yours.
    expect((await refusal(startOrderCheckout(world.deps, 'u2', id, undefined, OPEN))).message).toBe(orderMessages.submitFirst);
    expect((await refusal(chooseTransfer(world.deps, 'u2', id, 'done', OPEN, OFFICE))).message).toBe(orderMessages.submitFirst);
  });
});

describe('bank transfer', () => {
  it('"Pay later" keeps the order unpaid; "Done" moves it to Checking and tells the delegate and the office', async () => {
    const { world, id } = await placed();
    expect((await chooseTransfer(world.deps, owner.id, id, 'later', OPEN, OFFICE)).message).toBe(M.transferLater);
    expect(await statusOf(world, id)).toBe(0);
    await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
    expect(await statusOf(world, id)).toBe(2);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/Bank transfer noted/);
    expect(world.mailsTo(OFFICE).at(-1)).toMatch(/^Transfer to match: IACR24-/);
    expect((await refusal(chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE))).message).toBe(M.notAwaitingPayment);
  });

  it('is confirmed by the office through the reference (a mistyped one is refused)', async () => {
    const { world, id } = await placed();
    await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
    const reference = (await world.orders.store.get(owner.id, id))!.reference;
    const typo = reference.slice(0, -1) + String((Number(reference.at(-1)) + 1) % 10);
    expect((await refusal(officeConfirmTransfer(world.deps, typo, 104000, OPEN))).kind).toBe('validation');
    await officeConfirmTransfer(world.deps, reference.toLowerCase().replace(/-/g, ' '), 104000, OPEN);
    expect(await statusOf(world, id)).toBe(1);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Payment received/);
  });
});

describe('card payment', () => {
  it('fulfils once however often the webhook and the success page ask, in any order', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    const session = [...world.card.sessions.values()][0]!;
    world.card.pay(session.id);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await applyProviderEvent(world.deps.payments, { id: 'evt_1', type: 'checkout.session.completed', objectId: session.id }, OPEN));
    answers.push((await confirmOrderCheckout(world.deps, owner.id, session.id, OPEN)).outcome);
    expect(answers[0]).toBe('paid');
    expect(answers.slice(1).every((a) => a !== 'paid')).toBe(true);
    expect([...world.ledger.payments.values()].filter((p) => p.state === 'confirmed')).toHaveLength(1);
    expect(world.ledger.writes.filter((w) => w.subject)).toHaveLength(1);
    expect(world.mailsTo(owner.email).filter((s) => s.startsWith('Payment received'))).toHaveLength(1);
    expect(await statusOf(world, id)).toBe(1);
  });

  it('keeps one open checkout per order: a new one expires the previous', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    const [first, second] = [...world.card.sessions.values()];
    expect([first!.status, second!.status]).toEqual(['expired', 'open']);
    expect(new Set(world.card.created.map((c) => c.idempotencyKey)).size).toBe(2);
  });

  it('refunds in full a second payment for an order already paid (two tabs), and counts the order once', async () => {
    const { world, id } = await placed();
    // Two tabs asked at the same moment: both checkouts are open.
    const [a, b] = await Promise.all([startOrderCheckout(world.deps, owner.id, id, undefined, OPEN), startOrderCheckout(world.deps, owner.id, id, undefined, OPEN)]);
    expect(a.url).not.toBe(b.url);
    const [s1, s2] = [...world.card.sessions.values()];
    world.card.pay(s1!.id);
    world.card.pay(s2!.id);
    await settleCheckout(world.deps.payments, s1!.id, OPEN);
    expect((await settleCheckout(world.deps.payments, s2!.id, OPEN)).outcome).toBe('surplus');
    expect(await statusOf(world, id)).toBe(1);
    const refunds = [...world.ledger.refunds.values()];
    expect(refunds).toEqual([expect.objectContaining({ reason: 'surplus', amount: 104000, state: 'pending' })]);
    expect(world.mailsTo(owner.email)).toContainEqual(expect.stringMatching(/^Second payment refunded/));
    // Refunded in full, then settled again (the success page after the webhook): nothing more.
    world.card.settleRefunds('succeeded');
    await applyProviderEvent(world.deps.payments, { id: 'e_refund', type: 'refund.updated', objectId: [...world.card.refunds.values()][0]!.id }, OPEN);
    expect((await settleCheckout(world.deps.payments, s2!.id, OPEN)).outcome).toBe('unchanged');
    expect([...world.ledger.refunds.values()].map((r) => r.state)).toEqual(['done']);
    expect([...world.ledger.payments.values()].map((p) => p.state).sort()).toEqual(['confirmed', 'refunded']);
    expect(world.mailsTo(owner.email).filter((m) => m.startsWith('Second payment refunded'))).toHaveLength(1);
  });

  it('never counts a payment of another amount or currency: recorded, refunded in full, the order stays unpaid', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    const session = [...world.card.sessions.values()][0]!;
    world.card.pay(session.id, { amountTotal: 1000 });
    expect((await settleCheckout(world.deps.payments, session.id, OPEN)).outcome).toBe('surplus');
    expect(await statusOf(world, id)).toBe(0);
    expect([...world.ledger.payments.values()][0]).toMatchObject({ state: 'confirmed', surplus: 'amount-mismatch', amount: 1000 });
    expect([...world.ledger.refunds.values()][0]).toMatchObject({ amount: 1000, reason: 'surplus' });
  });

  it('records a failed delayed payment and keeps the order unpaid', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    const session = [...world.card.sessions.values()][0]!;
    Object.assign(world.card.sessions.get(session.id)!, { status: 'complete', paymentStatus: 'unpaid' });
    expect(await applyProviderEvent(world.deps.payments, { id: 'e1', type: 'checkout.session.completed', objectId: session.id }, OPEN)).toBe('pending');
    expect(await applyProviderEvent(world.deps.payments, { id: 'e2', type: 'checkout.session.async_payment_failed', objectId: session.id }, OPEN)).toBe('failed');
    expect(await statusOf(world, id)).toBe(0);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Payment not completed/);
  });

  it('changes the state even when the mail server is down', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
    const session = [...world.card.sessions.values()][0]!;
    world.card.pay(session.id);
    world.mailDown(true);
    expect((await settleCheckout(world.deps.payments, session.id, OPEN)).outcome).toBe('paid');
    expect(await statusOf(world, id)).toBe(1);
    expect(world.errors).toContain('order mail not sent');
  });

  it('returns only to a page of this site when the delegate cancels at the provider', async () => {
    const { world, id } = await placed();
    await startOrderCheckout(world.deps, owner.id, id, 'https://evil.example/phish', OPEN);
    await startOrderCheckout(world.deps, owner.id, id, 'https://congress.example.org/registration/list?from=wizard', OPEN);
    expect(world.card.created.map((c) => c.cancelUrl)).toEqual([
      'https://congress.example.org/registration/list?payment=cancelled',
      'https://congress.example.org/registration/list?from=wizard',
    ]);
  });
});

describe('cancellation and refunds', () => {
  it.each([
    ['2024-09-30T15:59:59Z', '990.00'],
    ['2024-09-30T16:00:00Z', '520.00'],
  ])('at %s refunds %s by card, Refunding until the provider is done, then Cancelled', async (at, amount) => {
    const { world, id } = await paidByCard();
    const list = await listOrders(world.list, owner.id, new Date(at));
    expect(list.items[0]!.cancellation).toMatchObject({ refund_amount: amount });
    const r = await cancelOrder(world.deps, owner.id, id, amount, new Date(at));
    expect(r.data.refund_amount).toBe(amount);
    expect(await statusOf(world, id)).toBe(-2);
    world.card.settleRefunds('succeeded');
    const refund = [...world.card.refunds.values()][0]!;
    await applyProviderEvent(world.deps.payments, { id: 'evt_r', type: 'refund.updated', objectId: refund.id }, new Date(at));
    expect(await statusOf(world, id)).toBe(-1);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Refund completed/);
  });

  it('cancels without a refund from 15 October 2024 (CST)', async () => {
    const { world, id } = await paidByCard();
    const r = await cancelOrder(world.deps, owner.id, id, '0.00', new Date('2024-10-14T16:00:00Z'));
    expect(r.message).toBe(M.cancelledWithoutRefund);
    expect(await statusOf(world, id)).toBe(-1);
    expect(world.card.refunds.size).toBe(0);
  });

  it('refuses when the refund shown has changed (a new period began meanwhile)', async () => {
    const { world, id } = await paidByCard();
    const e = await refusal(cancelOrder(world.deps, owner.id, id, '990.00', new Date('2024-10-02T00:00:00Z')));
    expect([e.kind, e.message]).toEqual(['conflict', M.refundChanged]);
    expect(await statusOf(world, id)).toBe(1);
  });

  it('puts the order back to Paid with the failure noted when the card refund fails, and tells delegate and office', async () => {
    const { world, id } = await paidByCard();
    world.card.refundsWill('failed');
    await cancelOrder(world.deps, owner.id, id, undefined, new Date('2024-09-01T00:00:00Z'));
    expect(await statusOf(world, id)).toBe(1);
    const list = await listOrders(world.list, owner.id, new Date('2024-09-01T00:00:00Z'));
    expect(list.items[0]!.refund_failed).toBe(true);
    expect(world.mailsTo(owner.email).at(-1)).toMatch(/^Refund not completed/);
    expect(world.mailsTo(OFFICE).at(-1)).toMatch(/^Refund not completed/);
  });

  it('keeps a bank transfer refund in Refunding until the office records it', async () => {
    const { world, id } = await placed();
    await chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE);
    const reference = (await world.orders.store.get(owner.id, id))!.reference;
    await officeConfirmTransfer(world.deps, reference, 104000, OPEN);
    await cancelOrder(world.deps, owner.id, id, undefined, new Date('2024-09-01T00:00:00Z'));
    expect(await statusOf(world, id)).toBe(-2);
    expect([...world.ledger.refunds.values()][0]).toMatchObject({ method: 'transfer', state: 'created', amount: 99000 });
    await officeRecordTransferRefund(world.deps, reference, new Date('2024-09-05T00:00:00Z'));
    expect(await statusOf(world, id)).toBe(-1);
    expect([...world.ledger.refunds.values()][0]!.state).toBe('done');
  });

  it('only paid orders can be cancelled', async () => {
    const { world, id } = await placed();
    expect((await refusal(cancelOrder(world.deps, owner.id, id, undefined, OPEN))).message).toBe(M.cancelNotAllowed);
  });
});
