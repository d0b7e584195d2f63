/**
 * What a delegate's order list offers is what the server then accepts (issue 29, item 18): for an
 * unpaid and a paid order, at instants across the calendar (registration open, its last second,
 * closed, after the congress), each action the list offers succeeds and each it does not offer is
 * refused. One rule, read by both sides (core/orders/offered-actions.ts).
 */
import { describe, expect, it } from 'vitest';
import { cancelOrder } from '#core/orders/cancel-order';
import { startOrderCheckout } from '#core/orders/pay-by-card';
import { listOrders } from '#core/orders/read-orders';
import { deleteOrder, updateOrder } from '#core/orders/save-order';
import { orderResultMessages } from '#core/orders/order-deps';
import { form, owner, paidByCard, placed } from './steps';

const instants = {
  open: new Date('2024-08-01T02:00:00Z'),
  lastSecond: new Date('2024-11-04T15:59:59Z'), // 4 November 2024, 23:59:59 CST
  closed: new Date('2024-11-04T16:00:00Z'), // 5 November 2024, 00:00 CST: the rates ended
  afterCongress: new Date('2024-11-08T02:00:00Z'), // 8 November 2024, 10:00 CST
};

type Action = 'edit' | 'delete' | 'cancel' | 'pay';
const actions: Action[] = ['edit', 'delete', 'cancel', 'pay'];

/** Whether the server accepts `action` on a fresh copy of the order at `at`. */
async function accepted(paid: boolean, action: Action, at: Date): Promise<boolean> {
  const { world, id } = paid ? await paidByCard() : await placed();
  const attempt = {
    edit: () => updateOrder(world.deps, owner.id, id, form(), at),
    delete: () => deleteOrder(world.deps, owner.id, id, at),
    cancel: () => cancelOrder(world.deps, owner.id, id, undefined, at),
    pay: () => startOrderCheckout(world.deps, owner.id, id, undefined, at),
  }[action];
  return attempt().then(
    () => true,
    () => false,
  );
}

async function offered(paid: boolean, at: Date) {
  const { world } = paid ? await paidByCard() : await placed();
  const [item] = (await listOrders(world.list, owner.id, at)).items;
  return item!;
}

describe('the actions an order list offers', () => {
  for (const [when, at] of Object.entries(instants)) {
    for (const paid of [false, true]) {
      it(`are exactly those the server accepts: ${paid ? 'paid' : 'unpaid'} order, ${when}`, async () => {
        const item = await offered(paid, at);
        for (const action of actions) expect([action, item.actions[action]]).toEqual([action, await accepted(paid, action, at)]);
        // The cancel dialog's quote is there exactly when cancelling is offered.
        expect(item.cancellation !== null).toBe(item.actions.cancel);
      });
    }
  }

  it('offers no edit, no payment and no cancellation once registration has closed (8 November: after the congress)', async () => {
    expect((await offered(true, instants.afterCongress)).actions).toMatchObject({ edit: false, cancel: false });
    expect((await offered(false, instants.afterCongress)).actions).toMatchObject({ edit: false, pay: false, delete: true });
    const { world, id } = await paidByCard();
    await expect(cancelOrder(world.deps, owner.id, id, undefined, instants.afterCongress)).rejects.toMatchObject({ kind: 'forbidden', message: orderResultMessages.cancelClosed });
  });

  it('still lets the office cancel a paid order after registration closed (another amount, with its reason)', async () => {
    const { world, id } = await paidByCard();
    const done = await cancelOrder(world.deps, owner.id, id, undefined, instants.afterCongress, { by: 'office', other: { amount: 10000, note: 'Visa refused' } });
    expect(done.data.refund_amount).toBe('100.00');
  });
});
