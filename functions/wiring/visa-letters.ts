/** Wiring of the visa letters: the review's writes (the table), the passport scans, SES, and the hook on payment. */
import { recipientLanguages } from '#storage/language';
import type { VisaOfficeDeps } from '#core/office/visa-letters';
import { issueVisaLetterOnPayment } from '#core/office/visa-letters';
import type { StoredOrder } from '#core/orders/ports';
import type { VisaDeps } from '#core/orders/visa-review';
import { fileStore } from '#storage/files';
import { orderRowOf } from '#storage/order-rows';
import { visaQueuePage, visaStore } from '#storage/visa-letters';
import { secrets } from '#lib/crypto';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';
import { officeOrderReads } from './office-orders';

export function visaDeps(siteOrigin: string): VisaDeps {
  return { visa: visaStore, files: fileStore, mailer: sesMailer, log: domainLog, newId: secrets.newId, siteOrigin, languages: recipientLanguages };
}

export function visaOfficeDeps(siteOrigin: string): VisaOfficeDeps {
  return { ...visaDeps(siteOrigin), rowOf: orderRowOf, queuePage: visaQueuePage, passport: (order) => officeOrderReads.passport(order) };
}

/** The orders' payment mails call this when an order is paid (wiring/orders.ts). */
export const visaLetterHook = (siteOrigin: string) => ({
  onPaid: (order: StoredOrder, at: Date) => issueVisaLetterOnPayment(visaDeps(siteOrigin), order, at),
});
