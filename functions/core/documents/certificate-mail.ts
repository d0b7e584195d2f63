/**
 * The mail that an order's certificate of attendance is ready (issue 29): it becomes available at
 * the congress's end for a paid order with attendance marked (certificate.ts certificateStatus).
 * Attendance marked after the end is mailed when it is marked (core/office/attendance.ts); the
 * orders marked before are mailed by the schedule at the end (core/workers.ts `schedules`), one
 * page of paid orders per queue message. Each order's mail goes once: its claim is written before
 * the mail, and given back when the mail could not be sent (a later run sends it).
 */
import type { Logger, Mailer } from '../accounts/ports';
import type { StoredOrder } from '../orders/ports';
import { isBefore } from '../time';
import { certificateStatus, congressEnds } from './certificate';
import { certificateReadyMail } from './document-mails';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';

export interface CertificateMailDeps {
  mailer: Mailer;
  log: Logger;
  siteOrigin: string;
  /** The delegate's language, for the mail (none: English). */
  languages?: RecipientLanguages;
  once: {
    /** Claims the mail named `name` of the owner: false when it was claimed already. */
    claim(ownerId: string, name: string, at: Date): Promise<boolean>;
    release(ownerId: string, name: string): Promise<void>;
  };
}

/** Paid orders, a page at a time (the office's list of paid orders: storage/order-rows.ts). */
export interface PaidOrders {
  page(cursor: string | undefined, limit: number): Promise<{ orders: StoredOrder[]; next: string | null }>;
}

export const CERTIFICATE_MAIL_PAGE = 25;

const mailName = (order: Pick<StoredOrder, 'id'>) => `certificate-ready#${order.id}`;

export type CertificateMailOutcome = 'mailed' | 'not-ready' | 'already' | 'failed';

/** Tells the delegate the order's certificate is ready, if it is at `now`, once per order. */
export async function mailCertificateReady(deps: CertificateMailDeps, order: StoredOrder, now: Date): Promise<CertificateMailOutcome> {
  if (order.anonymised_at || !certificateStatus(order, now).available) return 'not-ready';
  if (!(await deps.once.claim(order.owner_id, mailName(order), now))) return 'already';
  try {
    await deps.mailer.send({ to: order.owner_email, importance: 'essential', ...certificateReadyMail(order, deps.siteOrigin, await recipientLanguage(deps, order.owner_id)) });
    return 'mailed';
  } catch (error) {
    deps.log.error('certificate ready mail not sent', { order: order.id, error: String(error) });
    await deps.once.release(order.owner_id, mailName(order)).catch(() => undefined);
    return 'failed';
  }
}

/**
 * The schedule's run at the congress's end: one page of paid orders, each mailed if attended;
 * the next page is another message (`next`), so that a large congress fits the worker's time.
 */
export async function mailReadyCertificates(
  deps: CertificateMailDeps & { paid: PaidOrders; next(cursor: string): Promise<void>; pause(): Promise<void> },
  cursor: string | undefined,
  now: Date,
) {
  if (isBefore(now, congressEnds)) {
    deps.log.info('certificate mails: the congress has not ended yet, nothing sent', { at: now.toISOString() });
    return { mailed: 0, next: null };
  }
  const page = await deps.paid.page(cursor, CERTIFICATE_MAIL_PAGE);
  let mailed = 0;
  for (const order of page.orders) {
    if ((await mailCertificateReady(deps, order, now)) === 'mailed') {
      mailed += 1;
      // At the office jobs' share of the sending rate.
      await deps.pause();
    }
  }
  if (page.next) await deps.next(page.next);
  deps.log.info('certificate mails sent', { mailed, more: Boolean(page.next) });
  return { mailed, next: page.next };
}
