/** Wiring of the order rules and the payments module: the table, Stripe, SES. */
import { recipientLanguages } from '#storage/language';
import { conference } from '#core/config/conference';
import { orderPayables } from '#core/orders/order-payables';
import { type OrderDeps } from '#core/orders/order-deps';
import type { PaymentsDeps } from '#core/payments/ports';
import { fileStore } from '#storage/files';
import type { Actor } from '#core/audit/audit';
import { orderStatusNames, type OrderStatus } from '#core/orders/states';
import { auditedLedger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { refreshOrderNames } from '#storage/users';
import { paymentSettingsStore } from '#storage/payment-settings';
import { newChecksum, secrets } from '#lib/crypto';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';
import { stripeGateway } from '#lib/payments/stripe-gateway';
import { payablesByKind } from '#core/payments/payables-by-kind';
import { registrationPayables, registrationStatusName, isRegistrationKind } from '#core/registration-by-category/registration-payables';
import { registrationStore } from '#storage/registrations';
import { handingOn, handingOnOrders } from './money-events';

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
 * and dinners): the webhook, reconciliation and refunds serve them all. What follows a money
 * event (the mails, an order's receipt or credit note, its visa letter) is written with the
 * ledger write as money events and handed on to the money-events worker (wiring/money-events.ts,
 * wiring/payment-notify.ts): the payment path does only the money's work.
 */
export function paymentsDeps(_siteOrigin: string, who: RequestActor): PaymentsDeps {
  const registrations = registrationPayables({ registrations: registrationStore });
  return {
    ledger: handingOn(auditedLedger(who.actor, () => who.now, statusName)),
    gateway: stripeGateway,
    payables: payablesByKind({ order: orderPayables({ orders: orderStore }), 'registration-fee': registrations, 'registration-dinners': registrations }),
    newId: secrets.newId,
    log: domainLog,
  };
}

export function orderDeps(siteOrigin: string, who: RequestActor): OrderDeps {
  return {
    orders: handingOnOrders(orderStore),
    payments: paymentsDeps(siteOrigin, who),
    files: fileStore,
    mailer: sesMailer,
    log: domainLog,
    newId: secrets.newId,
    newChecksum,
    siteOrigin,
    bankAccount: paymentSettingsStore.bankAccount,
    accountNames: { refreshFromOrders: refreshOrderNames },
    languages: recipientLanguages,
  };
}
