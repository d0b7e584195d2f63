/**
 * What follows a money event, for every kind of subject: the mails (orders and the registration by
 * category), and an order's documents. Loaded by wiring/orders.ts on the first money event of a
 * container, not at its cold start.
 */
import { issueAfterMoney } from '#core/documents/order-documents';
import { orderPaymentMails } from '#core/orders/order-payment-mails';
import type { PaymentMail, PaymentsDeps } from '#core/payments/ports';
import { mailsByKind } from '#core/payments/payables-by-kind';
import { registrationPaymentMails } from '#core/registration-by-category/registration-payment-mails';
import { paymentSettingsStore } from '#storage/payment-settings';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';
import { registrationOffice, type RequestActor } from './orders';
import { issueAfterMoneyDeps } from './order-documents';
import { visaLetterHook } from './visa-letters';

export function paymentNotify(siteOrigin: string, who: RequestActor): PaymentsDeps['notify'] {
  const registrationMails = registrationPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin }, registrationOffice);
  return mailsByKind({
    order: withOrderDocuments(
      orderPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin, bankAccount: paymentSettingsStore.bankAccount, visaLetters: visaLetterHook(siteOrigin) }, registrationOffice),
      who,
    ),
    'registration-fee': registrationMails,
    'registration-dinners': registrationMails,
  });
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
