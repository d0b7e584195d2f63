/** Wiring of the office's order reads (and its mails sent again): the order lists, the orders, their ledger, audit trail and passport scan. */
import type { OfficeOrderReads } from '#core/office/orders';
import type { ResendDeps } from '#core/office/resend-order-mail';
import { subjectOf } from '#core/orders/order-payables';
import { getFile } from '#core/uploads/uploads';
import { AppError } from '#core/errors';
import { auditOf, recordAudit } from '#storage/audit';
import { paymentSettingsStore } from '#storage/payment-settings';
import { throttle } from '#storage/throttle';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';
import { ledger } from '#storage/ledger';
import { countMoneyList, countOrderList, orderRowOf, orderRowPage, searchRows } from '#storage/order-rows';
import { orderStore } from '#storage/orders';
import { uploadDeps } from './uploads';
import { ownerOrderDocuments } from '#core/documents/order-documents';
import { documentStore } from '#storage/documents';
import { recipientLanguages } from '#storage/language';
import { orderDocumentDeps } from './order-documents';

export const officeOrderReads: OfficeOrderReads = {
  documents: async (order, money) => {
    const [docs, issued] = await Promise.all([documentStore.ofSubject(order.owner_id, subjectOf(order)), orderDocumentDeps.numbering.issuedFor(order.owner_id)]);
    return ownerOrderDocuments([order], new Map([[order.id, money]]), docs, issued).get(order.id)!;
  },
  rowPage: orderRowPage,
  countList: countOrderList,
  countMoneyList,
  searchRows,
  findByReference: (reference) => orderStore.findByReference(reference),
  rowOf: orderRowOf,
  get: (ownerId, id) => orderStore.get(ownerId, id),
  ledger: (order) => ledger.ofSubject(subjectOf(order)),
  audit: async (objects) => (await Promise.all(objects.map((o) => auditOf(o.type, o.id)))).flat().sort((a, b) => a.at.localeCompare(b.at)),
  async passport(order) {
    if (!order.front_page_of_the_passport) return null;
    try {
      const file = await getFile(uploadDeps(), order.owner_id, order.front_page_of_the_passport);
      return { name: file.name, url: file.url };
    } catch (error) {
      // The file was removed: the order names a scan that is no longer there.
      if (error instanceof AppError && error.kind === 'not_found') return null;
      throw error;
    }
  },
};

/** Wiring of the office's "send again" of an order's mails: the reads above, SES, the throttle's cooldowns and the audit log. */
export const resendDeps = (siteOrigin: string): ResendDeps => ({
  order: { mailer: sesMailer, log: domainLog, siteOrigin, bankAccount: paymentSettingsStore.bankAccount, languages: recipientLanguages },
  reads: officeOrderReads,
  cooldown: (key, seconds, at) => throttle.cooldown(key, seconds, at),
  audit: recordAudit,
});
