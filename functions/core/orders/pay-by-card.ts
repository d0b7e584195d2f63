/** Paying an order by card: the checkout, and the success page's fulfilment. */
import { AppError, conflict, notFound } from '../errors';
import { startCardCheckout, settleCheckout } from '../payments/card-checkout';
import { orderMessages } from './messages';
import { orderActions } from './states';
import { assertOpen, orderResultMessages, type OrderDeps } from './order-deps';
import { payableOf } from './order-payables';
import { freshListItem } from './read-orders';

/** Only a page of this site may be where the card provider's Cancel returns to. */
function sameSite(url: string | undefined, siteOrigin: string, fallback: string) {
  if (!url) return fallback;
  try {
    const parsed = new URL(url, siteOrigin);
    return parsed.origin === new URL(siteOrigin).origin ? parsed.toString() : fallback;
  } catch {
    return fallback;
  }
}

/** POST /stripe-payment/generate: a card checkout for an unpaid order; the browser goes to its address. */
export async function startOrderCheckout(
  deps: OrderDeps,
  ownerId: string,
  id: string,
  cancelUrl: string | undefined,
  now: Date,
) {
  const order = await deps.orders.get(ownerId, id);
  if (!order) throw new AppError('bad_request', orderMessages.submitFirst);
  if (!orderActions(order.payment_status).pay) throw conflict(orderResultMessages.notAwaitingPayment);
  assertOpen(now);
  const list = `${deps.siteOrigin}/registration/list`;
  const { url } = await startCardCheckout(
    deps.payments,
    payableOf(order),
    {
      successUrl: `${list}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: sameSite(cancelUrl, deps.siteOrigin, `${list}?payment=cancelled`),
    },
    now,
  );
  return { url };
}

/**
 * The success page's call: the same idempotent fulfilment as the webhook (the delegate may be
 * back before the provider's event), for a checkout of one's own orders only.
 */
export async function confirmOrderCheckout(deps: OrderDeps, ownerId: string, sessionId: string, now: Date) {
  const session = await deps.payments.gateway.readCheckout(sessionId).catch(() => undefined);
  if (!session || session.metadata.owner_id !== ownerId || session.metadata.subject_kind !== 'order')
    throw notFound(orderResultMessages.notFound);
  const { outcome } = await settleCheckout(deps.payments, sessionId, now);
  return { outcome, order: await freshListItem(deps, ownerId, session.metadata.subject_id!, now) };
}
