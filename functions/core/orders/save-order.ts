/** Placing, editing and deleting an order (the wizard's steps 1-5). */
import { ACCOUNT_DELETING, deletionLeaseMessages } from '../accounts/deletion-lease';
import { registration2024 } from '../config/conference';
import { conflict, forbidden, invalid } from '../errors';
import { wireAmount } from '../money';
import { settleCheckout } from '../payments/card-checkout';
import { orderPlacedEvent } from '../payments/money-events';
import { withNewOrderName } from '../accounts/name-key';
import { nextVersion } from '../versions';
import { orderTotal } from './pricing';
import type { StoredOrder } from './ports';
import { orderNumber, transferReference } from './reference';
import { stepFields } from './form-fields';
import { orderMessages } from './messages';
import type { OrderForm } from './schemas';
import { ORDER_STATUS, orderActions } from './states';
import {
  assertOpen,
  orderResultMessages,
  ownOrder,
  refreshAccountNames,
  type OrderDeps,
  type Owner,
} from './order-deps';
import { subjectOf } from './order-payables';
import { visaReviewAfterEdit } from './visa-review';

/** A form's visa file must be an own passport upload (nothing else may be named there). */
async function checkPassportFile(deps: Pick<OrderDeps, 'files'>, ownerId: string, form: OrderForm) {
  if (!form.front_page_of_the_passport) return;
  const file = await deps.files.get(ownerId, form.front_page_of_the_passport);
  if (!file || file.purpose !== 'passport') {
    throw invalid(orderResultMessages.passportNotFound, {
      front_page_of_the_passport: orderResultMessages.passportNotFound,
    });
  }
}

/** The stored form: what is not asked is not kept (no activity without visitors, no rooms without a hotel). */
function normalised(form: OrderForm): OrderForm {
  const out = { ...form };
  if (out.post_conference_activities_person === 0) out.post_conference_activities_attach = 0;
  return out;
}

export async function createOrder(deps: OrderDeps, owner: Owner, form: OrderForm, now: Date) {
  assertOpen(now);
  await checkPassportFile(deps, owner.id, form);
  const sequence = await deps.orders.nextSequence();
  const at = now.toISOString();
  const clean = normalised(form);
  const order: StoredOrder = {
    ...clean,
    id: deps.newId(),
    owner_id: owner.id,
    owner_email: owner.email,
    sequence,
    order_no: orderNumber(sequence),
    reference: transferReference(sequence),
    checksum: deps.newChecksum(),
    payment_status: ORDER_STATUS.unpaid,
    amount_required: orderTotal(clean),
    currency: 'USD',
    payment_method: null,
    created_at: at,
    updated_at: at,
  };
  const placed = orderPlacedEvent(order, { kind: 'delegate', id: owner.id, email: owner.email }, now);
  // The account's names go with the order (read at authentication); changed since, or not read, they follow it.
  const names = owner.names && { read: owner.names, after: withNewOrderName(owner.names.order_names ?? [], order) };
  let created = await deps.orders.create(order, registration2024.maxOrdersPerDelegate, { placed, names });
  const namesWritten = names !== undefined && created === 'created';
  if (created === 'names-changed') created = await deps.orders.create(order, registration2024.maxOrdersPerDelegate, { placed });
  if (created === 'full') throw conflict(orderResultMessages.limit);
  if (created === 'account-deleting') throw conflict(deletionLeaseMessages.delegate, { reason: ACCOUNT_DELETING });
  if (!namesWritten) await refreshAccountNames(deps, owner.id);
  // Its mail ("please complete the payment", with the bank account) is the money-events worker's (order-placed event).
  return {
    message: orderResultMessages.created,
    data: {
      id: order.id,
      checksum: order.checksum,
      order_no: order.order_no,
      amount_required: wireAmount(order.amount_required),
    },
  };
}

/** Ends any open card checkout of an order (its amount changed, or it goes): a paid one is settled instead. */
export async function closeOpenCheckouts(deps: OrderDeps, order: StoredOrder, now: Date) {
  const { payments } = await deps.payments.ledger.ofSubject(subjectOf(order));
  for (const payment of payments.filter(
    (p) => p.method === 'card' && p.state === 'pending' && p.provider_ids.checkout_session,
  )) {
    const session = await deps.payments.gateway.expireCheckout(payment.provider_ids.checkout_session!);
    if (session.paymentStatus === 'paid') {
      await settleCheckout(deps.payments, session.id, now);
      throw conflict(orderResultMessages.changedElsewhere);
    }
    await settleCheckout(deps.payments, session.id, now);
  }
}

/**
 * POST /registration/submission/{id} (_method PUT). An unpaid order takes the whole form; a paid
 * one only step 4 (passport, visa and hotel): its amounts are frozen ("send an e-mail for additions").
 */
export async function updateOrder(
  deps: OrderDeps,
  ownerId: string,
  id: string,
  form: OrderForm,
  now: Date,
  base: { updatedAt?: string; status?: number } = {},
) {
  const order = await ownOrder(deps, ownerId, id);
  if (
    (base.updatedAt !== undefined && base.updatedAt !== order.updated_at) ||
    (base.status !== undefined && base.status !== order.payment_status)
  ) {
    throw conflict(orderResultMessages.changedElsewhere);
  }
  const actions = orderActions(order.payment_status);
  if (!actions.edit) throw forbidden(orderMessages.editNotAllowed);
  assertOpen(now);
  await checkPassportFile(deps, ownerId, form);
  let next: StoredOrder;
  if (actions.editAmounts) {
    const clean = normalised(form);
    next = { ...order, ...clean, amount_required: orderTotal(clean) };
    if (next.amount_required !== order.amount_required) await closeOpenCheckouts(deps, order, now);
  } else {
    const step4 = Object.fromEntries(stepFields[4].map((f) => [f, form[f]]));
    next = { ...order, ...step4 };
  }
  next.updated_at = nextVersion(order.updated_at, now);
  next = visaReviewAfterEdit(order, next, next.updated_at);
  if ((await deps.orders.update(next, order.updated_at, order.payment_status)) === 'changed')
    throw conflict(orderResultMessages.changedElsewhere);
  if (next.first_name !== order.first_name || next.last_name !== order.last_name) await refreshAccountNames(deps, ownerId);
  return {
    message: orderResultMessages.updated,
    data: { id, amount_required: wireAmount(next.amount_required), updated_at: next.updated_at },
  };
}

export async function deleteOrder(deps: OrderDeps, ownerId: string, id: string, now: Date) {
  const order = await ownOrder(deps, ownerId, id);
  if (!orderActions(order.payment_status).delete) throw forbidden(orderResultMessages.deleteNotAllowed);
  // A checkout still open could be paid after the order is gone: end it first.
  await closeOpenCheckouts(deps, order, now);
  if (!(await deps.orders.remove(order, ORDER_STATUS.unpaid)))
    throw conflict(orderResultMessages.changedElsewhere);
  await refreshAccountNames(deps, ownerId);
  return { message: orderResultMessages.deleted };
}
