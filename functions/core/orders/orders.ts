/**
 * The 2024 registration orders (spec: registration-orders-2024.md): a delegate holds up to 5,
 * each with a server-computed total, paid by card or bank transfer, edited (a paid one: step 4
 * only), deleted while unpaid, or cancelled with the refund the policy gives on that day.
 * Every call is scoped to the owner: another delegate's order is "not found".
 */
import { paymentSettingsMessages, type BankAccount } from '../office/payment-settings';
import { conference, deadlines, registration2024 } from '../config/conference';
import { countryRegions } from '../data/countries';
import { phoneNumberPrefixes } from '../data/phone-prefixes';
import { AppError, conflict, forbidden, invalid, notFound } from '../errors';
import { formatMoney, wireAmount } from '../money';
import { formatCstDeadline, formatCstInstant, isBefore } from '../time';
import type { Logger, Mail, Mailer } from '../accounts/ports';
import type { FileStore } from '../uploads/ports';
import type { Refund } from '../payments/model';
import type { Payable, PayableModule, PaymentMail, PaymentsDeps, SubjectChange, SubjectLedger } from '../payments/ports';
import {
  askProviderAgain,
  confirmTransfer,
  noteTransfer,
  paymentMessages,
  recordTransferRefund,
  refundableOf,
  refundPlan,
  requestRefund,
  settleCheckout,
  startCardCheckout,
} from '../payments/payments';
import { nextVersion } from '../versions';
import {
  cancelledWithoutRefundMail,
  orderPlacedMail,
  paymentFailedMail,
  paymentIncompleteMail,
  paymentReceivedMail,
  refundCompletedMail,
  refundFailedMail,
  refundRequestedMail,
  surplusRefundedMail,
  transferNotedMail,
  transferToMatchMail,
} from './mails';
import { orderTotal, priceLines, rateOf } from './pricing';
import type { OrderStore, StoredOrder } from './ports';
import { orderNumber, parseTransferReference, transferReference } from './reference';
import { refundQuote } from './refund-policy';
import { orderMessages, stepFields, type OrderForm } from './schemas';
import { holdsPlace, ORDER_STATUS, orderActions, orderStatusNames, orderTransition, type OrderEvent, type OrderStatus } from './states';

export const orderResultMessages = {
  created: 'The update was successful.',
  updated: 'Edit success!',
  deleted: 'The order has been deleted.',
  notFound: 'The order was not found.',
  limit: `You can hold at most ${registration2024.maxOrdersPerDelegate} registration orders. To add to an existing registration, please send an e-mail to ${conference.contacts.registration}.`,
  notYetOpen: `Registration opens on ${formatCstInstant(deadlines.registrationOpens)}.`,
  closed: `Registration has closed: the rates were valid until ${formatCstDeadline(deadlines.ratesValidUntil)}.`,
  deleteNotAllowed: 'Only unpaid orders can be deleted.',
  cancelNotAllowed: 'Only paid orders can be cancelled.',
  refundWithOffice: 'The refund of this order could not be made. The registration office has been told and will try it again; you do not need to cancel again.',
  notAwaitingPayment: 'This order is not awaiting payment.',
  transferLater: 'You can pay later: the order stays unpaid until you pay it.',
  transferDone: 'Thank you. The registration office will check your transfer; the order is now "Checking".',
  changedElsewhere: paymentMessages.changed,
  refundChanged: 'The refund amount has changed since the page was shown (a new refund period has begun). Please look at it again.',
  cancelledWithRefund: 'The order is cancelled. The refund is on its way.',
  cancelledWithoutRefund: 'The order is cancelled. There is no refund from 15 October 2024.',
  passportNotFound: 'The uploaded passport page was not found. Please upload it again.',
} as const;

export interface Owner {
  id: string;
  email: string;
}

export interface OrderDeps {
  orders: OrderStore;
  payments: PaymentsDeps;
  files: Pick<FileStore, 'get'>;
  mailer: Mailer;
  log: Logger;
  newId(): string;
  /** An unguessable handle (the order's checksum). */
  newChecksum(): string;
  siteOrigin: string;
  /** The congress bank account as the office published it (none: bank transfer is closed). */
  bankAccount(): Promise<BankAccount | undefined>;
}

/** What reading orders with their money needs (no card provider: the list loads fast). */
export type OrderReadDeps = Pick<OrderDeps, 'orders'> & { payments: Pick<PaymentsDeps, 'ledger'> };

const links = (deps: Pick<OrderDeps, 'siteOrigin'>, order: Pick<StoredOrder, 'checksum'>) => ({
  pay: `${deps.siteOrigin}/registration/submission?checksum=${encodeURIComponent(order.checksum)}`,
  list: `${deps.siteOrigin}/registration/list`,
});

async function send(deps: Pick<OrderDeps, 'mailer' | 'log'>, to: string, mail: Omit<Mail, 'to' | 'importance'>, what: string) {
  try {
    // Notifications of what the order pages also show: withheld from an address whose mail bounced.
    return (await deps.mailer.send({ to, ...mail, importance: 'notification' })) === 'sent';
  } catch (error) {
    deps.log.error('order mail not sent', { what, error: (error as Error).message });
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The window and the views

export function registrationWindow(now: Date) {
  const open = !isBefore(now, deadlines.registrationOpens) && isBefore(now, deadlines.ratesValidUntil);
  return {
    open,
    opens_at: deadlines.registrationOpens,
    closes_at: deadlines.ratesValidUntil,
    message: open ? null : isBefore(now, deadlines.registrationOpens) ? orderResultMessages.notYetOpen : orderResultMessages.closed,
  };
}

function assertOpen(now: Date) {
  const window = registrationWindow(now);
  if (!window.open) throw forbidden(window.message!);
}

const noLedger: SubjectLedger = { payments: [], refunds: [] };

/**
 * The refund a cancellation gives today: what the policy gives, but never more than the order's
 * payments can still give back (a refund made in the card provider's dashboard counts).
 */
function cancellationQuote(order: StoredOrder, money: SubjectLedger, now: Date) {
  const policy = refundQuote(order.amount_required, now);
  const left = refundableOf(money.payments, money.refunds);
  return { ...policy, refund: Math.min(policy.refund, left), alreadyRefunded: Math.max(0, order.amount_required - left) };
}

/** What the delegate is shown before cancelling a paid order: the exact refund and its rule. */
export function cancellationPreview(order: StoredOrder, money: SubjectLedger | undefined, now: Date) {
  if (!orderActions(order.payment_status, Boolean(order.refund_failed_at)).cancel || !money) return null;
  const quote = cancellationQuote(order, money, now);
  return {
    refund_amount: wireAmount(quote.refund),
    fee: wireAmount(quote.fee),
    /** Given back already (e.g. by the office): the refund above is at most what is left. */
    already_refunded: wireAmount(quote.alreadyRefunded),
    rule: quote.rule,
    valid_until: quote.validUntil,
    valid_until_text: quote.validUntil ? formatCstInstant(quote.validUntil) : null,
    method: order.payment_method,
  };
}

function transferAwaited(order: StoredOrder, money: SubjectLedger | undefined) {
  if (order.payment_status !== ORDER_STATUS.checking || !money) return null;
  const waiting = money.payments.find((p) => p.method === 'transfer' && p.state === 'pending');
  return waiting ? wireAmount(waiting.amount) : null;
}

/** An order as the list shows it (spec section 3 "Registration order (list)", and what the pages need beside). */
export function orderListItem(order: StoredOrder, now: Date, money: SubjectLedger | undefined) {
  return {
    id: order.id,
    order_no: order.order_no,
    checksum: order.checksum,
    payment_status: order.payment_status,
    status_name: orderStatusNames[order.payment_status],
    rate: order.rate,
    rate_label: rateOf(order.rate).label,
    amount_required: wireAmount(order.amount_required),
    currency: order.currency,
    accompanying_person: order.accompanying_person,
    post_conference_activities_person: order.post_conference_activities_person,
    /** The visit the post-conference places are for (null without any). */
    activity_label: order.post_conference_activities_person > 0 ? (registration2024.postConferenceActivities.find((a) => a.value === order.post_conference_activities_attach)?.label ?? null) : null,
    payment_method: order.payment_method,
    reference: order.reference,
    actions: orderActions(order.payment_status, Boolean(order.refund_failed_at)),
    cancellation: cancellationPreview(order, money, now),
    refund_failed: Boolean(order.refund_failed_at),
    /** Checking: the transfer the office waits for (what is still missing, after a part arrived). */
    transfer_awaited: transferAwaited(order, money),
    /** What has been given back to the delegate (refunds done), e.g. on a cancelled order. */
    refunded: wireAmount(money ? money.refunds.filter((r) => r.state === 'done' && r.reason !== 'surplus').reduce((sum, r) => sum + r.amount, 0) : 0),
    created_at: order.created_at,
  };
}

export async function listOrders(deps: OrderReadDeps, ownerId: string, now: Date) {
  // Oldest first; orders placed within one instant keep the order of their numbers.
  const [stored, money] = await Promise.all([deps.orders.list(ownerId), deps.payments.ledger.ofOwner(ownerId, 'order')]);
  const orders = stored.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.sequence - b.sequence);
  const window = registrationWindow(now);
  const full = orders.filter((o) => holdsPlace(o.payment_status)).length >= registration2024.maxOrdersPerDelegate;
  return {
    items: orders.map((o) => orderListItem(o, now, money.get(o.id) ?? noLedger)),
    total: orders.length,
    max: registration2024.maxOrdersPerDelegate,
    registration: window,
    /** Whether a new order would be taken now, and if not, the server's reason (the pages say it before the steps). */
    new_order: { allowed: window.open && !full, message: !window.open ? window.message : full ? orderResultMessages.limit : null },
  };
}

async function ownOrder(deps: Pick<OrderDeps, 'orders'>, ownerId: string, id: string) {
  const order = await deps.orders.get(ownerId, id);
  if (!order) throw notFound(orderResultMessages.notFound);
  return order;
}

function formOf(order: StoredOrder): OrderForm {
  const form: Record<string, unknown> = {};
  for (const field of [...stepFields[2], ...stepFields[3], ...stepFields[4]]) form[field] = order[field as keyof StoredOrder];
  return form as OrderForm;
}

/** GET /registration/submission/{id}: the order part (with payment_status) and the form's fields. */
export async function getOrder(deps: OrderReadDeps, ownerId: string, id: string, now: Date) {
  const order = await ownOrder(deps, ownerId, id);
  const money = order.payment_status === ORDER_STATUS.paid ? await deps.payments.ledger.ofSubject(subjectOf(order)) : noLedger;
  return { order: { ...orderListItem(order, now, money), updated_at: order.updated_at }, detail: formOf(order) };
}

/** GET /registration/detail/{checksum}: the order behind a payment link. */
export async function getOrderByChecksum(deps: Pick<OrderDeps, 'orders'>, ownerId: string, checksum: string, now: Date) {
  const order = (await deps.orders.list(ownerId)).find((o) => o.checksum === checksum);
  if (!order) throw notFound(orderResultMessages.notFound);
  const item = orderListItem(order, now, undefined);
  return {
    id: item.id,
    rate: item.rate,
    accompanying_person: item.accompanying_person,
    post_conference_activities_person: item.post_conference_activities_person,
    payment_status: item.payment_status,
    amount_required: item.amount_required,
    order_no: item.order_no,
    reference: item.reference,
    status_name: item.status_name,
    payment_method: item.payment_method,
  };
}

export function orderOptions() {
  return {
    country_regions: countryRegions,
    phone_number_prefixes: phoneNumberPrefixes,
  };
}

// ---------------------------------------------------------------------------------------------
// Create, update, delete

/** A form's visa file must be an own passport upload (nothing else may be named there). */
async function checkPassportFile(deps: Pick<OrderDeps, 'files'>, ownerId: string, form: OrderForm) {
  if (!form.front_page_of_the_passport) return;
  const file = await deps.files.get(ownerId, form.front_page_of_the_passport);
  if (!file || file.purpose !== 'passport') {
    throw invalid(orderResultMessages.passportNotFound, { front_page_of_the_passport: orderResultMessages.passportNotFound });
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
  if ((await deps.orders.create(order, registration2024.maxOrdersPerDelegate)) === 'full') throw conflict(orderResultMessages.limit);
  const mailed = await send(deps, owner.email, orderPlacedMail(order, links(deps, order), await deps.bankAccount()), 'order placed');
  return {
    message: orderResultMessages.created,
    data: { id: order.id, checksum: order.checksum, order_no: order.order_no, amount_required: wireAmount(order.amount_required), mail_sent: mailed },
  };
}

/** Ends any open card checkout of an order (its amount changed, or it goes): a paid one is settled instead. */
async function closeOpenCheckouts(deps: OrderDeps, order: StoredOrder, now: Date) {
  const { payments } = await deps.payments.ledger.ofSubject(subjectOf(order));
  for (const payment of payments.filter((p) => p.method === 'card' && p.state === 'pending' && p.provider_ids.checkout_session)) {
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
  if ((base.updatedAt !== undefined && base.updatedAt !== order.updated_at) || (base.status !== undefined && base.status !== order.payment_status)) {
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
  if ((await deps.orders.update(next, order.updated_at, order.payment_status)) === 'changed') throw conflict(orderResultMessages.changedElsewhere);
  return { message: orderResultMessages.updated, data: { id, amount_required: wireAmount(next.amount_required), updated_at: next.updated_at } };
}

export async function deleteOrder(deps: OrderDeps, ownerId: string, id: string, now: Date) {
  const order = await ownOrder(deps, ownerId, id);
  if (!orderActions(order.payment_status).delete) throw forbidden(orderResultMessages.deleteNotAllowed);
  // A checkout still open could be paid after the order is gone: end it first.
  await closeOpenCheckouts(deps, order, now);
  if (!(await deps.orders.remove(order, ORDER_STATUS.unpaid))) throw conflict(orderResultMessages.changedElsewhere);
  return { message: orderResultMessages.deleted };
}

// ---------------------------------------------------------------------------------------------
// Paying and cancelling

/** The order as the payments module names it. */
export const subjectOf = (order: StoredOrder) => ({ kind: 'order' as const, id: order.id, owner_id: order.owner_id });

function payableOf(order: StoredOrder): Payable<StoredOrder> {
  return {
    subject: subjectOf(order),
    record: order,
    status: order.payment_status,
    version: order.updated_at,
    amount: order.amount_required,
    currency: 'USD',
    title: `Registration order ${order.order_no}`,
    lines: priceLines(order),
    email: order.owner_email,
  };
}

/** The order's move on an event, over the version it was read at (null: not allowed from its status). */
function change(order: StoredOrder, event: OrderEvent, at: Date, set: SubjectChange['set'] = {}): SubjectChange | null {
  const move = orderTransition(order.payment_status, event);
  if (!move) return null;
  const wasHeld = holdsPlace(move.from);
  const place = wasHeld === holdsPlace(move.to) ? undefined : wasHeld ? ('free' as const) : ('take' as const);
  return { subject: subjectOf(order), from: move.from, to: move.to, version: { base: order.updated_at, next: nextVersion(order.updated_at, at) }, set, ...(place ? { place } : {}), record: order };
}

/** The orders module as the payments module sees it: loading an order, and what each money event does to it. */
export function orderPayables(deps: Pick<OrderDeps, 'orders'>): PayableModule {
  const record = (p: Payable) => p.record as StoredOrder;
  return {
    async load(subject) {
      const order = await deps.orders.get(subject.owner_id, subject.id);
      return order && payableOf(order);
    },
    paid: (p, payment, at) =>
      change(record(p), payment.method === 'card' ? 'card-paid' : 'transfer-received', at, { paid_at: at.toISOString(), payment_method: payment.method, refund_failed_at: null }),
    refunding: (p, _refund, at) => change(record(p), 'cancel-with-refund', at, { cancelled_at: at.toISOString() }),
    refunded: (p, _refund, at) => change(record(p), 'refund-done', at),
    refundFailed: (p, _refund, at) => change(record(p), 'refund-failed', at, { refund_failed_at: at.toISOString(), cancelled_at: null }),
    holds: (p, at) => {
      const order = record(p);
      return { subject: subjectOf(order), from: order.payment_status, to: order.payment_status, version: { base: order.updated_at, next: nextVersion(order.updated_at, at) }, record: order };
    },
  };
}

/** The mails about an order's payments (the payments module decides when; this says what). */
export function orderPaymentMails(deps: Pick<OrderDeps, 'mailer' | 'log' | 'siteOrigin' | 'bankAccount'>, office: string) {
  return async (mail: PaymentMail) => {
    const order = mail.payable.record as StoredOrder;
    const to = order.owner_email;
    const l = links(deps, order);
    const refund = mail.refund as Refund;
    switch (mail.kind) {
      case 'payment-received':
        return void (await send(deps, to, paymentReceivedMail(order, mail.payment, mail.at, l), mail.kind));
      case 'payment-incomplete':
        return void (await send(deps, to, paymentIncompleteMail(order, mail.payment, await deps.bankAccount()), mail.kind));
      case 'payment-failed':
        return void (await send(deps, to, paymentFailedMail(order, l), mail.kind));
      case 'refund-requested':
        return void (await send(deps, to, refundRequestedMail(order, refund), mail.kind));
      case 'surplus-refunded':
        return void (await send(deps, to, surplusRefundedMail(order, mail.payment), mail.kind));
      case 'refund-completed':
        return void (await send(deps, to, refundCompletedMail(order, refund), mail.kind));
      case 'refund-failed':
        await send(deps, to, refundFailedMail(order, refund), mail.kind);
        // The office acts on it: the order is Paid again, with the failed refund noted.
        return void (await send(deps, office, refundFailedMail(order, refund), `${mail.kind} (office)`));
    }
  };
}

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
export async function startOrderCheckout(deps: OrderDeps, ownerId: string, id: string, cancelUrl: string | undefined, now: Date) {
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

/** An order as the list shows it, read again with its money (after a change). */
async function freshListItem(deps: OrderReadDeps, ownerId: string, id: string, now: Date) {
  const order = await ownOrder(deps, ownerId, id);
  return orderListItem(order, now, await deps.payments.ledger.ofSubject(subjectOf(order)));
}

/**
 * The success page's call: the same idempotent fulfilment as the webhook (the delegate may be
 * back before the provider's event), for a checkout of one's own orders only.
 */
export async function confirmOrderCheckout(deps: OrderDeps, ownerId: string, sessionId: string, now: Date) {
  const session = await deps.payments.gateway.readCheckout(sessionId).catch(() => undefined);
  if (!session || session.metadata.owner_id !== ownerId || session.metadata.subject_kind !== 'order') throw notFound(orderResultMessages.notFound);
  const { outcome } = await settleCheckout(deps.payments, sessionId, now);
  return { outcome, order: await freshListItem(deps, ownerId, session.metadata.subject_id!, now) };
}

/**
 * POST /registration/submission/transfer-payment/{id}: "Pay later" keeps the order unpaid; "Done"
 * moves it to Checking with a transfer payment of what the order costs in the version read (a
 * save of the order meanwhile makes it "changed elsewhere"). Like card payment, only while
 * registration is open; an open card checkout is ended first (a paid one is settled instead).
 */
export async function chooseTransfer(deps: OrderDeps, ownerId: string, id: string, type: 'later' | 'done', now: Date, office: string) {
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
  await send(deps, order.owner_email, transferNotedMail(checking, links(deps, order), account), 'transfer noted');
  await send(deps, office, transferToMatchMail(checking, now), 'transfer to match');
  return { message: orderResultMessages.transferDone };
}

/**
 * POST /registration/submission/refund/{id}: cancels a paid order with the refund of the policy
 * today, at most what its payments can still give back. `expectedRefund` (what the page showed)
 * guards against a new period starting, or money going back, meanwhile.
 */
export async function cancelOrder(deps: OrderDeps, ownerId: string, id: string, expectedRefund: string | undefined, now: Date, by: 'delegate' | 'office' = 'delegate') {
  const order = await ownOrder(deps, ownerId, id);
  if (order.payment_status === ORDER_STATUS.paid && order.refund_failed_at) throw forbidden(orderResultMessages.refundWithOffice);
  if (!orderActions(order.payment_status).cancel) throw forbidden(orderResultMessages.cancelNotAllowed);
  const money = await deps.payments.ledger.ofSubject(subjectOf(order));
  const quote = cancellationQuote(order, money, now);
  if (expectedRefund !== undefined && expectedRefund !== wireAmount(quote.refund)) {
    throw new AppError('conflict', orderResultMessages.refundChanged, { cancellation: cancellationPreview(order, money, now) });
  }
  if (quote.refund === 0) {
    const move = change(order, 'cancel-without-refund', now, { cancelled_at: now.toISOString() })!;
    if ((await deps.payments.ledger.commit({ subject: move })) !== 'ok') throw conflict(orderResultMessages.changedElsewhere);
    await send(deps, order.owner_email, cancelledWithoutRefundMail(order), 'cancelled without refund');
    return { message: orderResultMessages.cancelledWithoutRefund, data: { refund_amount: wireAmount(0) } };
  }
  await requestRefund(
    deps.payments,
    {
      subject: subjectOf(order),
      from: refundPlan(money.payments, money.refunds, quote.refund),
      reason: 'cancellation',
      by,
      // Over the order as it was read for the quote: a change since makes the delegate look again.
      change: () => change(order, 'cancel-with-refund', now, { cancelled_at: now.toISOString() }),
    },
    now,
  );
  return { message: orderResultMessages.cancelledWithRefund, data: { refund_amount: wireAmount(quote.refund) } };
}

// ---------------------------------------------------------------------------------------------
// The registration office (organisers)

export const officeMessages = {
  badReference: 'This is not a valid payment reference: a digit is wrong or missing (the last digit is a check digit).',
  noPendingTransfer: 'This order has no bank transfer waiting to be confirmed.',
  noTransferRefund: 'This order has no bank transfer refund waiting to be recorded.',
  noFailedRefund: 'This order has no failed refund to try again.',
  transferConfirmed: 'The transfer is confirmed: the order is paid and the delegate has been told.',
  transferSurplus: (excess: number) =>
    `The transfer is confirmed: the order is paid and the delegate has been told. ${formatMoney(excess)} more than the order costs arrived: please send it back and record that refund.`,
  transferIncomplete: (missing: number) => `The transfer is recorded, but ${formatMoney(missing)} is still missing: the order stays "Checking" and the delegate has been told.`,
  refundRecorded: 'The refund is recorded and the delegate has been told.',
  refundRetried: 'The refund has been requested again: the order is "Refunding".',
  refundAskedAgain: 'The card provider has been asked again for the refund it had not answered.',
  providerStillDown: 'The card provider still does not answer. Please try again later.',
};

async function orderByReference(deps: Pick<OrderDeps, 'orders'>, reference: string) {
  const sequence = parseTransferReference(reference);
  if (sequence === null) throw invalid(officeMessages.badReference, { reference: officeMessages.badReference });
  const order = await deps.orders.findByReference(transferReference(sequence));
  if (!order) throw notFound(orderResultMessages.notFound);
  return order;
}

/**
 * The office found a transfer of an order on the bank statement: `amount` (cents) is what
 * arrived. The order is Paid when what it holds covers it (more is given back by the office);
 * otherwise it stays Checking and the delegate is told what is missing. A statement import
 * (`line`) confirms exactly the pending payment it chose and marks it with its line, so that a
 * re-run books the line once (office/import-statement.ts).
 */
export async function officeConfirmTransfer(deps: OrderDeps, reference: string, amount: number, now: Date, line?: { paymentId: string; statementLine: string }) {
  const order = await orderByReference(deps, reference);
  const { payments } = await deps.payments.ledger.ofSubject(subjectOf(order));
  const pending = payments.find((p) => p.method === 'transfer' && p.state === 'pending' && (!line || p.id === line.paymentId));
  if (!pending || order.payment_status !== ORDER_STATUS.checking) throw conflict(officeMessages.noPendingTransfer);
  const result = await confirmTransfer(deps.payments, pending.id, subjectOf(order), amount, now, line ? { statement_line: line.statementLine } : {});
  const message = result.outcome === 'paid' ? (result.excess > 0 ? officeMessages.transferSurplus(result.excess) : officeMessages.transferConfirmed) : officeMessages.transferIncomplete(result.missing);
  return { message, data: await freshListItem(deps, order.owner_id, order.id, now) };
}

/** The office sent the refund of a cancelled order paid by bank transfer (or of money paid too much). */
export async function officeRecordTransferRefund(deps: OrderDeps, reference: string, now: Date) {
  const order = await orderByReference(deps, reference);
  const { refunds } = await deps.payments.ledger.ofSubject(subjectOf(order));
  const waiting = refunds.find((r) => r.method === 'transfer' && r.state === 'created');
  if (!waiting) throw conflict(officeMessages.noTransferRefund);
  await recordTransferRefund(deps.payments, waiting, now);
  return { message: officeMessages.refundRecorded, data: await freshListItem(deps, order.owner_id, order.id, now) };
}

/**
 * The office tries again a cancellation refund that failed (the order went back to Paid): the
 * same amount, at most what the payments can still give back; the order is Refunding again.
 */
export async function officeRetryRefund(deps: OrderDeps, reference: string, now: Date) {
  const order = await orderByReference(deps, reference);
  const money = await deps.payments.ledger.ofSubject(subjectOf(order));
  // A card refund the provider never answered (it was down): asked again, under the same key.
  const unanswered = money.refunds.find((r) => r.method === 'card' && r.state === 'created');
  if (unanswered) {
    const asked = await askProviderAgain(deps.payments, subjectOf(order), unanswered.id, now);
    return { message: asked.state === 'created' ? officeMessages.providerStillDown : officeMessages.refundAskedAgain, data: await freshListItem(deps, order.owner_id, order.id, now) };
  }
  const failed = money.refunds.filter((r) => r.reason === 'cancellation' && r.state === 'failed').at(-1);
  if (!failed || order.payment_status !== ORDER_STATUS.paid || !order.refund_failed_at) throw conflict(officeMessages.noFailedRefund);
  const amount = Math.min(failed.amount, refundableOf(money.payments, money.refunds));
  if (amount === 0) throw conflict(officeMessages.noFailedRefund);
  await requestRefund(
    deps.payments,
    {
      subject: subjectOf(order),
      from: refundPlan(money.payments, money.refunds, amount),
      reason: 'cancellation',
      by: 'office',
      change: () => change(order, 'cancel-with-refund', now, { cancelled_at: now.toISOString(), refund_failed_at: null }),
    },
    now,
  );
  return { message: officeMessages.refundRetried, data: await freshListItem(deps, order.owner_id, order.id, now) };
}
