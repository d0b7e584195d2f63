/** Steps the order tests share: a refusal, an order placed, an order paid by card (in-memory world, 1 August 2024). */
import { expect } from 'vitest';
import { AppError } from '#core/errors';
import { createOrder } from '#core/orders/save-order';
import { startOrderCheckout } from '#core/orders/pay-by-card';
import { orderFormSchema } from '#core/orders/schemas';
import { settleCheckout } from '#core/payments/card-checkout';
import { validForm } from './form';
import { orderWorld } from './world';

export const OPEN = new Date('2024-08-01T02:00:00Z'); // 1 August 2024, 10:00 CST
export const owner = { id: 'u1', email: 'delegate@example.org' };
export const form = (over: Record<string, unknown> = {}) => orderFormSchema.parse(validForm(over));

/** The domain error a call ends with (the test fails if it succeeds). */
export async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

export async function placed(world = orderWorld(), over: Record<string, unknown> = {}) {
  const { data } = await createOrder(world.deps, owner, form(over), OPEN);
  return { world, id: data.id };
}

export async function paidByCard(world = orderWorld()) {
  const { id } = await placed(world);
  await startOrderCheckout(world.deps, owner.id, id, undefined, OPEN);
  const session = [...world.card.sessions.values()].at(-1)!;
  world.card.pay(session.id);
  await settleCheckout(world.deps.payments, session.id, OPEN);
  return { world, id, session, intent: `pi_${session.id}` };
}
