/**
 * The 2024 registration orders (spec: registration-orders-2024.md): a delegate holds up to 5,
 * each with a server-computed total, paid by card or bank transfer, edited (a paid one: step 4
 * only), deleted while unpaid, or cancelled with the refund the policy gives on that day.
 * Every call is scoped to the owner: another delegate's order is "not found".
 *
 * This file: what every use case needs (messages, dependencies, the window, the owner's order).
 * The use cases: read-orders.ts, save-order.ts, pay-by-card.ts, pay-by-transfer.ts,
 * cancel-order.ts; the order as the payments module sees it: order-payables.ts.
 */
import { type BankAccount } from '../office/payment-settings';
import { conference, deadlines, registration2024 } from '../config/conference';
import { forbidden, notFound } from '../errors';
import { formatMoney } from '../money';
import { formatCstDeadline, formatCstInstant, isBefore } from '../time';
import type { AccountNames, AccountNamesRead, Logger, Mail, Mailer } from '../accounts/ports';
import type { FileStore } from '../uploads/ports';
import type { PaymentsDeps, SubjectLedger } from '../payments/ports';
import { paymentMessages } from '../payments/ledger-decisions';
import type { OrderStore, StoredOrder } from './ports';
import { pathIn, type Lang } from '../i18n/lang';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';

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
  cancelClosed: `Registration has closed (${formatCstDeadline(deadlines.ratesValidUntil)}): an order can no longer be cancelled. Please write to ${conference.contacts.registration} if you need to.`,
  refundWithOffice:
    'The refund of this order could not be made. The registration office has been told and will try it again; you do not need to cancel again.',
  notAwaitingPayment: 'This order is not awaiting payment.',
  transferLater: 'You can pay later: the order stays unpaid until you pay it.',
  transferDone: 'Thank you. The registration office will check your transfer; the order is now "Checking".',
  changedElsewhere: paymentMessages.changed,
  refundChanged:
    'The refund amount has changed since the page was shown (a new refund period has begun). Please look at it again.',
  cancelledWithRefund: 'The order is cancelled. The refund is on its way.',
  cancelledWithoutRefund: 'The order is cancelled. There is no refund from 15 October 2024.',
  cancelledByOffice: 'The order is cancelled without a refund.',
  refundAboveLeft: (left: number) => `The refund can be at most ${formatMoney(left)}: what the order's payments can still give back.`,
  passportNotFound: 'The uploaded passport page was not found. Please upload it again.',
} as const;

export interface Owner {
  id: string;
  email: string;
  /** The account's names as authentication read them: a new order's names go with it. */
  names?: AccountNamesRead;
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
  /** The account's names from its orders (the office's delegate list and search). */
  accountNames: AccountNames;
  /** The language each delegate's mails are written in (none: English). */
  languages?: RecipientLanguages;
}

/** The account's names follow an order write that may change them; a failure never fails the order's own write (the next one tries again). */
export async function refreshAccountNames(deps: Pick<OrderDeps, 'accountNames' | 'log'>, ownerId: string) {
  try {
    await deps.accountNames.refreshFromOrders(ownerId);
  } catch (error) {
    deps.log.error('account names from orders not refreshed', { owner: ownerId, error: String(error) });
  }
}

/** What reading orders with their money needs (no card provider: the list loads fast). */
export type OrderReadDeps = Pick<OrderDeps, 'orders'> & { payments: Pick<PaymentsDeps, 'ledger'> };

/** The pages a mail links to, in the mail's language (`/zh/...` for Chinese). */
export const links = (deps: Pick<OrderDeps, 'siteOrigin'>, order: Pick<StoredOrder, 'checksum'>, lang: Lang = 'en') => ({
  pay: `${deps.siteOrigin}${pathIn(lang, `/registration/submission?checksum=${encodeURIComponent(order.checksum)}`)}`,
  list: `${deps.siteOrigin}${pathIn(lang, '/registration/list')}`,
  /** The form where the delegate gives the account a bank transfer refund is sent to. */
  refundAccount: `${deps.siteOrigin}${pathIn(lang, '/registration/refund-account')}`,
});

/** The language of the order's owner, for the mails to them (decision 0059). */
export const ownerLanguage = (deps: Pick<OrderDeps, 'languages' | 'log'>, order: Pick<StoredOrder, 'owner_id'>) => recipientLanguage(deps, order.owner_id);

export async function send(
  deps: Pick<OrderDeps, 'mailer' | 'log'>,
  to: string,
  mail: Omit<Mail, 'to' | 'importance'>,
  what: string,
) {
  // An order kept after its account was deleted has no address: nobody to write to.
  if (!to) {
    deps.log.info('order mail not sent: the order has no address (its account was deleted)', { what });
    return false;
  }
  try {
    // Notifications of what the order pages also show: withheld from an address whose mail bounced.
    return (await deps.mailer.send({ to, ...mail, importance: 'notification' })) === 'sent';
  } catch (error) {
    deps.log.error('order mail not sent', { what, error: (error as Error).message });
    return false;
  }
}

export function registrationWindow(now: Date) {
  const open = !isBefore(now, deadlines.registrationOpens) && isBefore(now, deadlines.ratesValidUntil);
  return {
    open,
    opens_at: deadlines.registrationOpens,
    closes_at: deadlines.ratesValidUntil,
    message: open
      ? null
      : isBefore(now, deadlines.registrationOpens)
        ? orderResultMessages.notYetOpen
        : orderResultMessages.closed,
  };
}

/** Refuses outside the registration window; `closedMessage` says what can no longer be done after it. */
export function assertOpen(now: Date, closedMessage?: string) {
  const window = registrationWindow(now);
  if (!window.open) throw forbidden(closedMessage && !isBefore(now, deadlines.registrationOpens) ? closedMessage : window.message!);
}

export const noLedger: SubjectLedger = { payments: [], refunds: [] };

export async function ownOrder(deps: Pick<OrderDeps, 'orders'>, ownerId: string, id: string) {
  const order = await deps.orders.get(ownerId, id);
  if (!order) throw notFound(orderResultMessages.notFound);
  return order;
}
