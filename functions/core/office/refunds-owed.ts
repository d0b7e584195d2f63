/**
 * The refunds by bank transfer the office owes (issue 29 item 5): what the congress must send back
 * by bank transfer (a cancellation of an order paid by transfer, or what an overpaid transfer
 * brought beyond the order's cost), oldest first, with the order, the delegate, the amount, why,
 * since when, and the account the delegate gave (organisers only). Recording one as sent names
 * the refund, the amount and the account the organiser confirmed: a refund that changed, or an
 * account the delegate changed since the page was shown, is refused, never recorded blindly.
 * The refund then completes as a card refund does: the credit note is issued and the delegate
 * mailed (payments/refunds.ts `recordTransferRefund`).
 */
import * as z from 'zod/mini';
import { conflict, notFound } from '../errors';
import { text } from '../i18n/messages';
import { toCents } from './schemas';
import { formatMoney, wireAmount } from '../money';
import { type OrderDeps } from '../orders/order-deps';
import { subjectOf } from '../orders/order-payables';
import type { StoredOrder } from '../orders/ports';
import { freshListItem } from '../orders/read-orders';
import { owedRefunds, paidToText, printedAccount, refundReasonText, type RefundAccount, type RefundAccountStore } from '../orders/refund-account';
import { recordTransferRefund, refundMessages } from '../payments/refunds';
import type { Refund } from '../payments/model';
import { officeOrderMessages, type OfficeOrderReads } from './orders';

const DAY = 86_400_000;

export interface RefundOwedRow {
  refund_id: string;
  order_id: string;
  order_no: string;
  reference: string;
  delegate: string;
  email: string;
  /** Dollars as on the wire ("60.00"). */
  amount: string;
  reason: Refund['reason'];
  reason_text: string;
  /** The office's reason for another amount than the policy's, if it gave one. */
  note: string | null;
  since: string;
  waiting_days: number;
  /** The account the delegate gave, in full (organisers only), and how mails will name it; null: not given yet. */
  account: { holder: string; account: string; bank: string; bic: string; paid_to: string; updated_at: string } | null;
}

export const refundsOwedMessages = {
  recorded: (amount: string, to: string) => `The refund of ${amount} to ${to} is recorded as sent: the credit note is issued and the delegate has been told.`,
  notOwed: refundMessages.recordedAlready,
  amountChanged: 'The amount of this refund is not the one you confirmed. Please reload the page and confirm again.',
  noAccount: 'The delegate has not given an account for this refund yet. The refund mail asked for it; the delegate can also give it from the order list.',
  accountChanged: 'The delegate changed the account since the page was shown. Please reload the page, check the new account, and send the refund there.',
} as const;

/** The answer with values by its catalog id (office-money.json); its English is `refundsOwedMessages.recorded`'s word for word. */
export const refundsOwedTexts = {
  recorded: (amount: string, to: string) => text('api.office.refundsOwed.recorded', { amount, to }),
};

type OrderFields = Pick<StoredOrder, 'id' | 'order_no' | 'reference' | 'first_name' | 'last_name' | 'owner_email'>;

export function refundOwedRows(found: { refund: Refund; order: OrderFields | undefined; account: RefundAccount | undefined }[], now: Date): RefundOwedRow[] {
  return found
    .filter((f): f is typeof f & { order: OrderFields } => f.order !== undefined && owedRefunds([f.refund]).length === 1)
    .map(({ refund, order, account }) => ({
      refund_id: refund.id,
      order_id: order.id,
      order_no: order.order_no,
      reference: order.reference,
      delegate: `${order.first_name} ${order.last_name}`.trim(),
      email: order.owner_email,
      amount: wireAmount(refund.amount),
      reason: refund.reason,
      reason_text: refundReasonText[refund.reason],
      note: refund.note ?? null,
      since: refund.created_at,
      waiting_days: Math.max(0, Math.floor((now.getTime() - Date.parse(refund.created_at)) / DAY)),
      account: account ? { holder: account.holder, account: printedAccount(account), bank: account.bank, bic: account.bic, paid_to: paidToText(account), updated_at: account.updated_at } : null,
    }))
    .sort((a, b) => a.since.localeCompare(b.since));
}

const sentMessage = 'Please confirm the amount and the account the refund was sent to (reload the page).';
/** What the organiser confirmed: the amount in dollars as shown ("60.00") and the account as named (`paid_to` of the row). */
export const recordSentBody = z.object({
  amount: z.pipe(z.string({ message: sentMessage }).check(z.regex(/^\d{1,7}\.\d{2}$/, sentMessage)), z.transform(toCents)),
  paid_to: z.string({ message: sentMessage }).check(z.minLength(1, sentMessage), z.maxLength(400, sentMessage)),
});
export const refundOwedParams = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'No such order.')),
  refund: z.string().check(z.regex(/^[A-Za-z0-9_:-]{1,80}$/, refundsOwedMessages.notOwed)),
});
export type RecordSent = z.infer<typeof recordSentBody>;

/** The office sent a refund owed by bank transfer: it is recorded as sent to the account confirmed. */
export async function officeRecordBankRefund(
  deps: OrderDeps & { accounts: Pick<RefundAccountStore, 'get'> },
  reads: Pick<OfficeOrderReads, 'rowOf' | 'get'>,
  orderId: string,
  refundId: string,
  confirmed: RecordSent,
  now: Date,
) {
  const row = await reads.rowOf(orderId);
  const order = row && (await reads.get(row.owner_id, orderId));
  if (!order) throw notFound(officeOrderMessages.notFound);
  const { refunds } = await deps.payments.ledger.ofSubject(subjectOf(order));
  const refund = owedRefunds(refunds).find((r) => r.id === refundId);
  if (!refund) throw conflict(refundsOwedMessages.notOwed);
  if (refund.amount !== confirmed.amount) throw conflict(refundsOwedMessages.amountChanged);
  const account = await deps.accounts.get(order.owner_id);
  if (!account) throw conflict(refundsOwedMessages.noAccount);
  const paidTo = paidToText(account);
  if (paidTo !== confirmed.paid_to.trim()) throw conflict(refundsOwedMessages.accountChanged);
  const done = await recordTransferRefund(deps.payments, refund, now, paidTo);
  if (!done || done.state !== 'done' || done.paid_to !== paidTo) throw conflict(refundsOwedMessages.notOwed);
  return {
    message: refundsOwedTexts.recorded(formatMoney(refund.amount), paidTo),
    data: await freshListItem(deps, order.owner_id, order.id, now),
  };
}
