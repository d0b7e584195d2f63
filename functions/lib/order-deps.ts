/** Wiring of the order rules and the payments module: the table, Stripe, SES. */
import { conference } from '#core/config/conference';
import { orderPayables, orderPaymentMails, type OrderDeps } from '#core/orders/orders';
import type { PaymentsDeps } from '#core/payments/ports';
import { fileStore } from '#storage/files';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { paymentSettingsStore } from '#storage/payment-settings';
import { newChecksum, secrets } from './crypto';
import { domainLog } from './logger';
import { sesMailer } from './mailer';
import { stripeGateway } from './payments/stripe-gateway';

/** Where the registration office's notices go (transfers to match, refunds that failed). */
export const registrationOffice = conference.contacts.registration;

export function paymentsDeps(siteOrigin: string): PaymentsDeps {
  return {
    ledger,
    gateway: stripeGateway,
    payables: orderPayables({ orders: orderStore }),
    notify: orderPaymentMails({ mailer: sesMailer, log: domainLog, siteOrigin, bankAccount: paymentSettingsStore.bankAccount }, registrationOffice),
    newId: secrets.newId,
    log: domainLog,
  };
}

export function orderDeps(siteOrigin: string): OrderDeps {
  return {
    orders: orderStore,
    payments: paymentsDeps(siteOrigin),
    files: fileStore,
    mailer: sesMailer,
    log: domainLog,
    newId: secrets.newId,
    newChecksum,
    siteOrigin,
    bankAccount: paymentSettingsStore.bankAccount,
  };
}
