/**
 * The office sends one of an order's mails again (a delegate lost it, or it went to spam): the
 * mails the order has had, as its state and money say, each made again from the order as it is
 * now by the same functions that made it first (orders/mails.ts). One send per order and mail a
 * minute, so that ten clicks send it once; each send is an audit entry on the order.
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import type { Limit } from '../accounts/ports';
import { conflict, notFound, rateLimited } from '../errors';
import {
  cancelledWithoutRefundMail,
  orderPlacedMail,
  paymentIncompleteMail,
  paymentReceivedMail,
  refundCompletedMail,
  refundRequestedMail,
  transferNotedMail,
} from '../orders/mails';
import { links, ownerLanguage, send, type OrderDeps } from '../orders/order-deps';
import type { Lang } from '../i18n/lang';
import type { StoredOrder } from '../orders/ports';
import { ORDER_STATUS } from '../orders/states';
import type { SubjectLedger } from '../payments/ports';
import { officeOrderMessages, type OfficeOrderReads } from './orders';
import { orderMailKinds, orderMailLabels, RESEND_COOLDOWN_SECONDS, resendMessages, type OrderMailKind } from './order-mail-kinds';
import { text } from '../i18n/messages';

const lastOf = <T>(items: readonly T[], ok: (item: T) => boolean) => items.filter(ok).at(-1);

type MailDeps = Pick<OrderDeps, 'siteOrigin' | 'bankAccount'>;
type MailMaker = (deps: MailDeps, lang: Lang) => Promise<ReturnType<typeof orderPlacedMail>>;

/** Each mail the order has had, made again from the order as it is now (undefined: it does not belong to the order). */
function mailsOf(order: StoredOrder, ledger: SubjectLedger): Record<OrderMailKind, MailMaker | undefined> {
  const payments = ledger.payments.filter((p) => !p.surplus);
  const status = order.payment_status;
  const cancellationRefunds = ledger.refunds.filter((r) => r.reason === 'cancellation');
  const paid = lastOf(payments, (p) => p.state === 'confirmed' || p.state === 'refunded');
  const waiting = lastOf(payments, (p) => p.method === 'transfer' && p.state === 'pending');
  const partArrived = payments.some((p) => p.method === 'transfer' && p.state === 'confirmed');
  // What each mail says must still be true: "not paid yet" only while Unpaid; "you told us you sent
  // it" only while the delegate's announced transfer is awaited; "refund on its way" only while
  // the order is cancelled and that refund has not failed.
  const announced = status === ORDER_STATUS.checking && waiting && !waiting.rest_of && !partArrived;
  const partly = status === ORDER_STATUS.checking && partArrived ? waiting : undefined;
  const requested = cancellationRefunds.at(-1);
  const refundUnderWay = requested && requested.state !== 'failed' && (status === ORDER_STATUS.refunding || status === ORDER_STATUS.cancelled) ? requested : undefined;
  const completed = lastOf(ledger.refunds, (r) => r.state === 'done' && r.reason !== 'surplus');
  return {
    'order-placed': status === ORDER_STATUS.unpaid ? async (d, lang) => orderPlacedMail(order, links(d, order, lang), await d.bankAccount(), lang) : undefined,
    'transfer-noted': announced ? async (d, lang) => transferNotedMail(order, links(d, order, lang), await d.bankAccount(), lang) : undefined,
    'payment-incomplete': partly && (async (d, lang) => paymentIncompleteMail(order, payments.find((p) => p.id === partly.rest_of), partly, await d.bankAccount(), lang)),
    'payment-received': order.paid_at && paid ? async (d, lang) => paymentReceivedMail(order, paid, new Date(paid.confirmed_at ?? order.paid_at!), links(d, order, lang), lang) : undefined,
    'refund-requested': refundUnderWay && (async (d, lang) => refundRequestedMail(order, refundUnderWay, links(d, order, lang), lang)),
    'refund-completed': completed && (async (_d, lang) => refundCompletedMail(order, completed, lang)),
    cancelled: status === ORDER_STATUS.cancelled && !requested ? async (_d, lang) => cancelledWithoutRefundMail(order, order.cancel_note ?? undefined, lang) : undefined,
  };
}

/** The mails the office can send again for this order, in the order a delegate gets them. */
export function resendableMails(order: StoredOrder, ledger: SubjectLedger) {
  // Kept after its account was deleted: nobody to write to.
  if (order.anonymised_at) return [];
  const mails = mailsOf(order, ledger);
  return orderMailKinds.filter((kind) => mails[kind]).map((kind) => ({ kind, label: orderMailLabels[kind] }));
}

export interface ResendDeps {
  order: Pick<OrderDeps, 'mailer' | 'log' | 'siteOrigin' | 'bankAccount' | 'languages'>;
  reads: Pick<OfficeOrderReads, 'rowOf' | 'get' | 'ledger'>;
  cooldown(key: string, seconds: number, at: Date): Promise<Limit>;
  /** Writes one audit entry (nothing else changes). */
  audit(entry: AuditEntry): Promise<void>;
}

/** A kind of mail as the office names it, in the reader's language (`office.mailKind`, by its kind). */
const mailKindTerm = (kind: OrderMailKind) => text('office.mailKind', { kind: kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), label: orderMailLabels[kind] });
/** The answers of a resend by their catalog ids (office.json); their English is `resendMessages`' word for word. */
export const resendTexts = {
  sent: (kind: OrderMailKind, to: string) => text('api.office.resend.sent', { label: mailKindTerm(kind), to }),
  notSent: (kind: OrderMailKind, to: string) => text('api.office.resend.notSent', { label: mailKindTerm(kind), to }),
};

export async function resendOrderMail(deps: ResendDeps, actor: Actor, orderId: string, kind: OrderMailKind, now: Date) {
  const row = await deps.reads.rowOf(orderId);
  const order = row && (await deps.reads.get(row.owner_id, orderId));
  if (!order) throw notFound(officeOrderMessages.notFound);
  const ledger = await deps.reads.ledger(order);
  const make = order.anonymised_at ? undefined : mailsOf(order, ledger)[kind];
  if (!make) throw conflict(resendMessages.notApplicable);
  const limit = await deps.cooldown(`order-mail:${order.id}:${kind}`, RESEND_COOLDOWN_SECONDS, now);
  if (!limit.allowed) throw rateLimited(resendMessages.tooSoon, limit.retryAfterSeconds);

  const mail = await make(deps.order, await ownerLanguage(deps.order, order));
  const sent = await send(deps.order, order.owner_email, mail, `resent ${kind}`);
  await deps.audit(auditEntry({ action: 'mail.resent', actor, at: now, object: { type: 'order', id: order.id }, after: { mail: kind, subject: mail.subject, to: order.owner_email, sent } }));
  return { message: sent ? resendTexts.sent(kind, order.owner_email) : resendTexts.notSent(kind, order.owner_email), data: { sent } };
}
