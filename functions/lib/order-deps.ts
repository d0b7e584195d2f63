/** Wiring of the order rules and the payments module: the table, Stripe, SES. */
import { conference } from '#core/config/conference';
import { orderPayables, orderPaymentMails } from '#core/orders/order-payables';
import { type OrderDeps } from '#core/orders/order-deps';
import type { PaymentsDeps } from '#core/payments/ports';
import { fileStore } from '#storage/files';
import type { Actor } from '#core/audit/audit';
import { orderStatusNames, type OrderStatus } from '#core/orders/states';
import { auditedLedger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { paymentSettingsStore } from '#storage/payment-settings';
import { newChecksum, secrets } from './crypto';
import { domainLog } from './logger';
import { sesMailer } from './mailer';
import { stripeGateway } from './payments/stripe-gateway';
import { mailsByKind, payablesByKind } from '#core/payments/payables-by-kind';
import { registrationPayables, registrationPaymentMails, registrationStatusName, isRegistrationKind } from '#core/registration-by-category/registration-payables';
import { registrationStore } from '#storage/registrations';
import { issueAfterMoney } from '#core/documents/order-documents';
import type { PaymentMail } from '#core/payments/ports';
import { issueAfterMoneyDeps } from './order-document-deps';
import { visaLetterHook } from './visa-deps';

/** Where the registration office's notices go (transfers to match, refunds that failed). */
export const registrationOffice = conference.contacts.registration;

/** Who causes the writes of this request, and when: every ledger write is audited with it. */
export interface RequestActor {
  actor: Actor;
  now: Date;
}

/** The names the audit log gives a subject's states (`order.paid`, `order.checking`, ...). */
const statusName = (kind: string, status: number) =>
  kind === 'order' ? (orderStatusNames[status as OrderStatus] ?? String(status)) : isRegistrationKind(kind) ? registrationStatusName(status) : String(status);

/** A delegate acting on their own orders. */
export const delegateActor = (auth: { userId: string; email: string }): Actor => ({ kind: 'delegate', id: auth.userId, email: auth.email });
/** The card provider (its webhook). */
export const stripeActor: Actor = { kind: 'stripe', id: 'stripe' };

/**
 * The one payments module over every kind of subject (orders, the registration by category's fee
 * and dinners): the webhook, reconciliation and refunds serve them all.
 */
export function paymentsDeps(siteOrigin: string, who: RequestActor): PaymentsDeps {
  const registrations = registrationPayables({ registrations: registrationStore });
  const registrationMails = registrationPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin }, registrationOffice);
  return {
    ledger: auditedLedger(who.actor, () => who.now, statusName),
    gateway: stripeGateway,
    payables: payablesByKind({ order: orderPayables({ orders: orderStore }), 'registration-fee': registrations, 'registration-dinners': registrations }),
    notify: mailsByKind({
      order: withOrderDocuments(orderPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin, bankAccount: paymentSettingsStore.bankAccount, visaLetters: visaLetterHook(siteOrigin) }, registrationOffice), who),
      'registration-fee': registrationMails,
      'registration-dinners': registrationMails,
    }),
    newId: secrets.newId,
    log: domainLog,
  };
}

/**
 * An order's receipt is issued when its payment is confirmed, a credit note when a refund of it
 * completes, a receipt again when a completed refund is returned by the card's bank (it fails
 * after its credit note): right after the ledger's write, before the mail (which links to the
 * order list where they are). Issuing never fails the payment (issueAfterMoney only logs).
 */
function withOrderDocuments(send: (mail: PaymentMail) => Promise<void>, who: RequestActor) {
  return async (mail: PaymentMail) => {
    if (mail.kind === 'payment-received' || mail.kind === 'refund-completed' || mail.kind === 'refund-failed')
      await issueAfterMoney(issueAfterMoneyDeps, mail.payable.subject, who.actor, mail.at);
    await send(mail);
  };
}

export function orderDeps(siteOrigin: string, who: RequestActor): OrderDeps {
  return {
    orders: orderStore,
    payments: paymentsDeps(siteOrigin, who),
    files: fileStore,
    mailer: sesMailer,
    log: domainLog,
    newId: secrets.newId,
    newChecksum,
    siteOrigin,
    bankAccount: paymentSettingsStore.bankAccount,
  };
}
