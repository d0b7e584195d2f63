/** Paying an order by bank transfer: "Pay later" or "Done" (step 6). */
import { paymentSettingsMessages } from '../office/payment-settings';
import { AppError, conflict } from '../errors';
import { noteTransfer } from '../payments/transfers';
import { transferNotedMail, transferToMatchMail } from './mails';
import { orderMessages } from './messages';
import { ORDER_STATUS, orderActions, type OrderStatus } from './states';
import { assertOpen, links, orderResultMessages, ownerLanguage, ownOrder, send, type OrderDeps } from './order-deps';
import { change, payableOf } from './order-payables';
import { closeOpenCheckouts } from './save-order';

/**
 * POST /registration/submission/transfer-payment/{id}: "Pay later" keeps the order unpaid; "Done"
 * moves it to Checking with a transfer payment of what the order costs in the version read (a
 * save of the order meanwhile makes it "changed elsewhere"). Like card payment, only while
 * registration is open; an open card checkout is ended first (a paid one is settled instead).
 */
export async function chooseTransfer(
  deps: OrderDeps,
  ownerId: string,
  id: string,
  type: 'later' | 'done',
  now: Date,
  office: string,
) {
  const found = await deps.orders.get(ownerId, id);
  if (!found) throw new AppError('bad_request', orderMessages.submitFirst);
  if (!orderActions(found.payment_status).pay) throw conflict(orderResultMessages.notAwaitingPayment);
  assertOpen(now);
  if (type === 'later') return { message: orderResultMessages.transferLater };
  const account = await deps.bankAccount();
  if (!account) throw conflict(paymentSettingsMessages.transferClosed);
  await closeOpenCheckouts(deps, found, now);
  const order = await ownOrder(deps, ownerId, id);
  if (!orderActions(order.payment_status).pay) throw conflict(orderResultMessages.notAwaitingPayment);
  const move = change(order, 'transfer-done', now, { payment_method: 'transfer' })!;
  await noteTransfer(deps.payments, payableOf(order), move, now);
  const checking = { ...order, payment_status: ORDER_STATUS.checking as OrderStatus };
  const lang = await ownerLanguage(deps, order);
  await send(
    deps,
    order.owner_email,
    transferNotedMail(checking, links(deps, order, lang), account, lang),
    'transfer noted',
  );
  await send(deps, office, transferToMatchMail(checking, now), 'transfer to match');
  return { message: orderResultMessages.transferDone };
}
