/**
 * What follows a money event (core/payments/money-events.ts), for every kind of subject: an
 * order's documents, then the mails (orders and the registration by category). Used by the
 * money-events worker only: the payment path writes the events and hands them on.
 */
import { issueAfterMoney } from '#core/documents/order-documents';
import type { FollowMoneyDeps } from '#core/payments/money-events';
import { orderPaymentMails, orderPlacedMails } from '#core/orders/order-payment-mails';
import { orderStore } from '#storage/orders';
import { mailsByKind } from '#core/payments/payables-by-kind';
import { registrationPaymentMails } from '#core/registration-by-category/registration-payment-mails';
import { moneyEventStore } from '#storage/money-events';
import { recipientLanguages } from '#storage/language';
import { paymentSettingsStore } from '#storage/payment-settings';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';
import { registrationOffice } from './orders';
import { issueAfterMoneyDeps } from './order-documents';
import { visaLetterHook } from './visa-letters';

export function followMoneyDeps(siteOrigin: string): FollowMoneyDeps {
  const registrationMails = registrationPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin, languages: recipientLanguages }, registrationOffice);
  const mail = mailsByKind({
    order: orderPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin, bankAccount: paymentSettingsStore.bankAccount, languages: recipientLanguages, visaLetters: visaLetterHook(siteOrigin) }, registrationOffice),
    'registration-fee': registrationMails,
    'registration-dinners': registrationMails,
  });
  return {
    events: moneyEventStore,
    orderPlaced: orderPlacedMails({ orders: orderStore, mailer: sesMailer, log: domainLog, siteOrigin, bankAccount: paymentSettingsStore.bankAccount, languages: recipientLanguages }),
    documents: (subject, actor, at) => issueAfterMoney(issueAfterMoneyDeps, subject, actor, at),
    mail: async (m) => {
      try {
        await mail(m);
      } catch (error) {
        domainLog.error('payment mail not sent', { kind: m.kind, payment_id: m.payment.id, error: (error as Error).message });
      }
    },
  };
}
