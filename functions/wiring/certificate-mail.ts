/** Wiring of the certificate-ready mail: SES, the once-only marks and the office's list of paid orders (table). */
import { recipientLanguages } from '#storage/language';
import type { CertificateMailDeps, PaidOrders } from '#core/documents/certificate-mail';
import { orderFilters } from '#core/office/order-rows';
import { ORDER_STATUS } from '#core/orders/states';
import { mailOnce } from '#storage/mail-once';
import { orderRowPage } from '#storage/order-rows';
import { orderStore } from '#storage/orders';
import { domainLog } from '#lib/logger';
import { sesMailer } from '#lib/mailer';

export const certificateMailDeps = (siteOrigin: string): CertificateMailDeps => ({ mailer: sesMailer, log: domainLog, siteOrigin, once: mailOnce, languages: recipientLanguages });

/** The paid orders, oldest first, as the office's status list holds them; each read as it is now. */
export const paidOrders: PaidOrders = {
  async page(cursor, limit) {
    const page = await orderRowPage(orderFilters.status(ORDER_STATUS.paid), { cursor, limit, oldestFirst: true });
    if (page === 'invalid-cursor') throw new Error('certificate mails: the page position is not one the list gave');
    const orders = await Promise.all(page.rows.map((row) => orderStore.get(row.owner_id, row.id)));
    return { orders: orders.filter((o) => o !== undefined), next: page.next };
  },
};
