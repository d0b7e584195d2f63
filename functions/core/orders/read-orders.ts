/** Reading orders: the list, one order, the order behind a payment link, the form's options. */
import { fapiaoView } from './fapiao';
import { registration2024 } from '../config/conference';
import { countryRegions } from '../data/countries';
import { phoneNumberPrefixes } from '../data/phone-prefixes';
import { notFound } from '../errors';
import { wireAmount } from '../money';
import type { SubjectLedger } from '../payments/ports';
import { rateOf } from './pricing';
import type { StoredOrder } from './ports';
import { stepFields } from './form-fields';
import type { OrderForm } from './schemas';
import { holdsPlace, ORDER_STATUS, orderStatusNames } from './states';
import { offeredActions } from './offered-actions';
import {
  noLedger,
  orderResultMessages,
  ownOrder,
  registrationWindow,
  type OrderDeps,
  type OrderReadDeps,
} from './order-deps';
import { subjectOf } from './order-payables';
import { cancellationPreview } from './cancellation-preview';
import { owedRefunds } from './refund-account';
import type { IssuedDocument } from '../documents/model';
import { ownerOrderDocuments } from '../documents/order-documents';
import { certificateStatus } from '../documents/certificate';
import { byCategorySummary } from '../registration-by-category/list-summary';
import type { StoredRegistration } from '../registration-by-category/ports';

import { visaLetterState } from './visa-review';

function transferAwaited(order: StoredOrder, money: SubjectLedger | undefined) {
  if (order.payment_status !== ORDER_STATUS.checking || !money) return null;
  const waiting = money.payments.find((p) => p.method === 'transfer' && p.state === 'pending');
  return waiting ? wireAmount(waiting.amount) : null;
}

/** An order as the list shows it (spec section 3 "Registration order (list)", and what the pages need beside). */
export function orderListItem(order: StoredOrder, now: Date, money: SubjectLedger | undefined) {
  // What the list offers is what the use cases accept now (offered-actions.ts).
  const actions = offeredActions(order, now);
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
    activity_label:
      order.post_conference_activities_person > 0
        ? (registration2024.postConferenceActivities.find(
            (a) => a.value === order.post_conference_activities_attach,
          )?.label ?? null)
        : null,
    payment_method: order.payment_method,
    reference: order.reference,
    actions,
    cancellation: actions.cancel ? cancellationPreview(order, money, now) : null,
    refund_failed: Boolean(order.refund_failed_at),
    /** Checking: the transfer the office waits for (what is still missing, after a part arrived). */
    transfer_awaited: transferAwaited(order, money),
    /** A refund by bank transfer the office owes the delegate and has not sent ("50.00"), or null: the list links to the form for the account. */
    bank_refund_owed: money && owedRefunds(money.refunds).length ? wireAmount(owedRefunds(money.refunds).reduce((sum, r) => sum + r.amount, 0)) : null,
    /** What has been given back to the delegate (refunds done), e.g. on a cancelled order. */
    refunded: wireAmount(
      money
        ? money.refunds
            .filter((r) => r.state === 'done' && r.reason !== 'surplus')
            .reduce((sum, r) => sum + r.amount, 0)
        : 0,
    ),
    created_at: order.created_at,
    /** The fapiao asked for on the order, its status, and whether it can be asked for or changed now (core/orders/fapiao.ts). */
    fapiao: fapiaoView(order),
    /** Whether its certificate of attendance can be had now, and if not, why (core/documents/certificate.ts). */
    certificate: certificateStatus(order, now),
    /** The visa letter's line (null: no visa support asked for). */
    visa_letter: visaLetterState(order),
  };
}

/** Everything of an owner's orders the list shows, read at once (storage/owner-orders.ts: one Query). */
export interface OwnerOrdersView {
  orders: StoredOrder[];
  /** Each order's payments and refunds, by order id. */
  money: Map<string, SubjectLedger>;
  documents: IssuedDocument[];
  /** The once-keys of the documents issued (core/documents/order-documents.ts), with their document ids. */
  issued: ReadonlyMap<string, string>;
  registration: StoredRegistration | undefined;
}

export async function listOrders(deps: { view(ownerId: string): Promise<OwnerOrdersView> }, ownerId: string, now: Date) {
  const view = await deps.view(ownerId);
  const money = view.money;
  // Oldest first; orders placed within one instant keep the order of their numbers.
  const orders = view.orders.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.sequence - b.sequence);
  const documents = ownerOrderDocuments(orders, money, view.documents, view.issued);
  const byCategory = view.registration ? byCategorySummary(view.registration) : null;
  const window = registrationWindow(now);
  const full =
    orders.filter((o) => holdsPlace(o.payment_status)).length >= registration2024.maxOrdersPerDelegate;
  return {
    // Each order's receipts and credit notes (a delegate downloads them from the list), and whether one is being issued.
    items: orders.map((o) => ({ ...orderListItem(o, now, money.get(o.id) ?? noLedger), documents: documents.get(o.id)?.documents ?? [], documents_being_issued: documents.get(o.id)?.being_issued ?? false })),
    total: orders.length,
    max: registration2024.maxOrdersPerDelegate,
    /** The delegate's registration by category (the older flow), if any: the list says so instead of "no order yet". */
    registration_by_category: byCategory,
    registration: window,
    /** Whether a new order would be taken now, and if not, the server's reason (the pages say it before the steps). */
    new_order: {
      allowed: window.open && !full,
      message: !window.open ? window.message : full ? orderResultMessages.limit : null,
    },
  };
}

function formOf(order: StoredOrder): OrderForm {
  const form: Record<string, unknown> = {};
  for (const field of [...stepFields[2], ...stepFields[3], ...stepFields[4]])
    form[field] = order[field as keyof StoredOrder];
  return form as OrderForm;
}

/** GET /registration/submission/{id}: the order part (with payment_status) and the form's fields. */
export async function getOrder(deps: OrderReadDeps, ownerId: string, id: string, now: Date) {
  const order = await ownOrder(deps, ownerId, id);
  const money =
    order.payment_status === ORDER_STATUS.paid
      ? await deps.payments.ledger.ofSubject(subjectOf(order))
      : noLedger;
  return {
    order: { ...orderListItem(order, now, money), updated_at: order.updated_at },
    detail: formOf(order),
  };
}

/** GET /registration/detail/{checksum}: the order behind a payment link. */
export async function getOrderByChecksum(
  deps: Pick<OrderDeps, 'orders'>,
  ownerId: string,
  checksum: string,
  now: Date,
) {
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

/** An order as the list shows it, read again with its money (after a change). */
export async function freshListItem(deps: OrderReadDeps, ownerId: string, id: string, now: Date) {
  const order = await ownOrder(deps, ownerId, id);
  return orderListItem(order, now, await deps.payments.ledger.ofSubject(subjectOf(order)));
}
