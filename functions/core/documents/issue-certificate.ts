/**
 * A delegate asks for the certificate of attendance of one of their orders (issue 17). It is
 * issued on the first request made after the congress ends, for a paid order whose attendance
 * the office marked, and is the same document on every later request: one certificate per
 * order (its id is made from the order's, so two requests at once store it once).
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import type { StoredAbstract } from '../abstracts/ports';
import { conflict, notFound } from '../errors';
import type { StoredOrder } from '../orders/ports';
import { certificateDocument, certificateMessages, certificateStatus, presentationsFor } from './certificate';
import { summaryOf, type IssuedDocument } from './model';
import type { DocumentStore } from './ports';

/** The certificate of an order: one per order, so its id is the order's (version 1; a corrected one would be -2). */
export const certificateId = (orderId: string, version = 1) => `certificate-${orderId}-${version}`;

export interface CertificateDeps {
  orders: { get(ownerId: string, id: string): Promise<StoredOrder | undefined> };
  abstracts: { list(ownerId: string): Promise<StoredAbstract[]> };
  documents: Pick<DocumentStore, 'get'>;
  /**
   * Stores the certificate with its audit entry, while the order is still paid and attended:
   * 'exists' when it was issued meanwhile, 'changed' when the order moved.
   */
  issue(doc: IssuedDocument, audit: AuditEntry, order: StoredOrder): Promise<'issued' | 'exists' | 'changed'>;
}

export async function requestCertificate(deps: CertificateDeps, actor: Actor, ownerId: string, orderId: string, now: Date) {
  for (let attempt = 1; ; attempt++) {
    const order = await deps.orders.get(ownerId, orderId);
    if (!order) throw notFound(certificateMessages.notFound);
    // Checked every time, also once issued: an attendance taken back (a mistake) is not certified again.
    const status = certificateStatus(order, now);
    if (!status.available) throw conflict(status.message!, { refusal: status.refusal });
    const existing = await deps.documents.get(ownerId, certificateId(orderId));
    if (existing) return { message: certificateMessages.issued, data: summaryOf(existing) };

    const doc = certificateDocument({ id: certificateId(orderId), order, presentations: presentationsFor(order, await deps.abstracts.list(ownerId)), issuedAt: now });
    const audit = auditEntry({ action: 'certificate.issued', actor, at: now, object: { type: 'order', id: order.id }, after: { document: doc.id, name: doc.spec.blocks.find((b) => b.kind === 'heading')?.text ?? '' } });
    const result = await deps.issue(doc, audit, order);
    if (result === 'issued') return { message: certificateMessages.issued, data: summaryOf(doc) };
    // Issued by a parallel request, or the order moved: read both again.
    if (attempt >= 3) throw conflict('The order changed while the certificate was being issued. Please try again.');
  }
}
