/**
 * Receipts and credit notes of a registration order: which ones its ledger calls for, issued
 * once each. Re-runnable by design: it looks at the order and its payments and refunds as they
 * are now and issues whatever is missing. The money-events worker calls it for each payment or
 * refund event (off the payment path, one at a time: core/payments/money-events.ts), and the
 * repair command for any gap; a page view never issues (a GET never writes): the order list says
 * a document is being issued while the ledger calls for one that is not there yet.
 *
 * - A receipt when the order has been paid: it covers the payments that paid it (a transfer may
 *   have come in parts) and is issued once per paying payment (the last of them).
 * - A credit note for each completed refund of those payments, once per refund, referring to the
 *   receipt: also for what a payment brought beyond the order's cost (an overpaid transfer: the
 *   receipt lists the excess as a line, its bank refund credits it). Money given back because it
 *   could not be counted at all (a second payment) was never receipted: no credit note.
 * - A receipt for a refund returned: a card refund that completed (its credit note issued) and
 *   was later returned by the card's bank leaves the money with the congress again; a new receipt
 *   of that amount, referring to the credit note, says so (documents are never changed).
 */
import { documentRules, type DocumentRule } from './rules';
import type { Actor, AuditEntry } from '../audit/audit';
import type { OrderStore, StoredOrder } from '../orders/ports';
import { subjectOf } from '../orders/order-payables';
import { counted, received, type Payment, type Refund, type Subject } from '../payments/model';
import type { Ledger, SubjectLedger } from '../payments/ports';
import { documentObjectKey, summaryOf, type DocumentKind, type DocumentSummary, type IssuedDocument } from './model';
import type { DocumentStore } from './ports';
import { creditNoteSpec, receiptFileName, receiptSpec, returnedRefundSpec, documentNumber, type ReceiptOrder } from './receipt';

/**
 * Numbered documents: the sequence's next value, the document and its audit entry are written in
 * ONE transaction with a once-marker, so a number is used exactly when a document is stored (no
 * gap, no duplicate) and a second issue for the same `once` key stores nothing.
 */
export interface DocumentNumbering {
  issue(request: {
    /** The document for the sequence value it gets. */
    build(n: number): IssuedDocument;
    /** What the document is issued for, once ("receipt:<payment id>", "credit-note:<refund id>"). */
    once: string;
    audit(doc: IssuedDocument): AuditEntry;
    /** A corrected document: the one it replaces gets `replaced_by` in the same transaction. */
    replaces?: IssuedDocument;
  }): Promise<IssuedDocument | 'exists'>;
  /** The `once` keys of the documents issued to an owner, each with its document's id (one Query of their markers). */
  issuedFor(ownerId: string): Promise<ReadonlyMap<string, string>>;
}

export interface OrderDocumentDeps {
  documents: Pick<DocumentStore, 'ofSubject'>;
  numbering: DocumentNumbering;
  newId(): string;
}

/** The payments a receipt covers: the counted ones that brought money in, oldest first; empty while the order is not paid. */
export function paidBy(order: Pick<StoredOrder, 'paid_at'>, ledger: SubjectLedger): Payment[] {
  if (!order.paid_at) return [];
  return counted(ledger.payments)
    .filter((p) => received(p) > 0)
    .sort((a, b) => (a.confirmed_at ?? '').localeCompare(b.confirmed_at ?? '') || a.created_at.localeCompare(b.created_at));
}

/** The refunds that call for a credit note: completed (and not failed since) refunds of the receipted payments, oldest first. */
export function creditedRefunds(payments: readonly Payment[], ledger: SubjectLedger): Refund[] {
  const ids = new Set(payments.map((p) => p.id));
  return ledger.refunds
    .filter((r) => ids.has(r.payment_id) && r.state === 'done')
    .sort((a, b) => (a.done_at ?? '').localeCompare(b.done_at ?? '') || a.created_at.localeCompare(b.created_at));
}

function newDocument(deps: Pick<OrderDocumentDeps, 'newId'>, kind: DocumentKind, order: StoredOrder, at: Date, fields: Pick<IssuedDocument, 'number' | 'spec' | 'refers_to' | 'replaces' | 'version'>): IssuedDocument {
  const id = deps.newId();
  return {
    id,
    kind,
    owner_id: order.owner_id,
    subject: { kind: 'order', id: order.id },
    issued_at: at.toISOString(),
    file_name: receiptFileName(kind === 'credit-note' ? 'credit-note' : 'receipt', fields.number ?? id),
    object_key: documentObjectKey(order.owner_id, id),
    rendered_at: null,
    replaced_by: null,
    ...fields,
  };
}

const issuedAudit = (actor: Actor, at: Date, order: StoredOrder) => (doc: IssuedDocument): AuditEntry => ({
  action: `${doc.kind === 'credit-note' ? 'credit_note' : 'receipt'}.issued`,
  actor,
  at: at.toISOString(),
  object: { type: 'order', id: order.id },
  after: { document_id: doc.id, number: doc.number, kind: doc.kind, ...(doc.refers_to ? { refers_to: doc.refers_to } : {}), ...(doc.replaces ? { replaces: doc.replaces } : {}) },
});

/** The order's receipts and credit notes after issuing any that are missing, newest first. */
export async function issueOrderDocuments(
  deps: OrderDocumentDeps,
  order: StoredOrder,
  ledger: SubjectLedger,
  actor: Actor,
  at: Date,
): Promise<DocumentSummary[]> {
  const subject = subjectOf(order);
  let docs = await deps.documents.ofSubject(order.owner_id, { kind: subject.kind, id: subject.id });
  const payments = paidBy(order, ledger);
  if (payments.length === 0) return docs.map(summaryOf);
  const audit = issuedAudit(actor, at, order);
  const current = (kind: DocumentKind) => docs.filter((d) => d.kind === kind && !d.replaced_by);

  const issued = await deps.numbering.issuedFor(order.owner_id);
  const paying = payments.at(-1)!;
  let wrote = false;
  if (!issued.has(receiptOnce(paying))) {
    await deps.numbering.issue({
      once: receiptOnce(paying),
      build: (n) => {
        const number = documentNumber(n);
        return newDocument(deps, 'receipt', order, at, { number, version: 1, spec: receiptSpec({ number, issuedAt: at, order, payments }), refers_to: null, replaces: null });
      },
      audit,
    });
    wrote = true;
  }
  const refunds = creditedRefunds(payments, ledger).filter((r) => !issued.has(creditNoteOnce(r)));
  if (refunds.length > 0) {
    if (wrote) docs = await deps.documents.ofSubject(order.owner_id, { kind: subject.kind, id: subject.id });
    // The receipt in force (a corrected one replaces the first).
    const receipt = current('receipt')[0];
    if (!receipt) throw new Error(`order ${order.id}: no receipt to credit`);
    const paid = payments.reduce((s, p) => s + p.amount, 0);
    const ids = new Set(payments.map((p) => p.id));
    // What the payments brought beyond the order's cost (given back under credit notes of its own).
    const excess = ledger.refunds.filter((r) => ids.has(r.payment_id) && r.reason === 'surplus' && r.state !== 'failed').reduce((s, r) => s + r.amount, 0);
    for (const refund of refunds) {
      // What the refunds before this one gave back (their credit notes say so).
      const before = creditedRefunds(payments, ledger)
        .filter((r) => r !== refund && r.reason !== 'surplus' && ((r.done_at ?? '') < (refund.done_at ?? '') || ((r.done_at ?? '') === (refund.done_at ?? '') && r.created_at < refund.created_at)))
        .reduce((s, r) => s + r.amount, 0);
      await deps.numbering.issue({
        once: creditNoteOnce(refund),
        build: (n) => {
          const number = documentNumber(n);
          const wallet = payments.find((p) => p.id === refund.payment_id)?.wallet;
          const spec = creditNoteSpec({ number, issuedAt: at, order, receipt: { number: receipt.number! }, refund, paid, refundedBefore: before, excess, wallet });
          return newDocument(deps, 'credit-note', order, at, { number, version: 1, spec, refers_to: receipt.id, replaces: null });
        },
        audit,
      });
      wrote = true;
    }
  }
  for (const refund of returnedRefunds(payments, ledger, issued)) {
    const noteId = issued.get(creditNoteOnce(refund))!;
    if (wrote) docs = await deps.documents.ofSubject(order.owner_id, { kind: subject.kind, id: subject.id });
    const note = docs.find((d) => d.id === noteId);
    if (!note) throw new Error(`order ${order.id}: credit note ${noteId} of refund ${refund.id} not found`);
    await deps.numbering.issue({
      once: returnedOnce(refund),
      build: (n) => {
        const number = documentNumber(n);
        const spec = returnedRefundSpec({ number, issuedAt: at, order, creditNote: { number: note.number!, issued_at: note.issued_at }, refund });
        return newDocument(deps, 'receipt', order, at, { number, version: 1, spec, refers_to: note.id, replaces: null });
      },
      audit,
    });
    wrote = true;
  }
  if (wrote) docs = await deps.documents.ofSubject(order.owner_id, { kind: subject.kind, id: subject.id });
  return docs.map(summaryOf);
}

/** Refunds whose credit note was issued and which failed afterwards (returned by the card's bank), without their receipt yet. */
function returnedRefunds(payments: readonly Payment[], ledger: SubjectLedger, issued: Pick<ReadonlyMap<string, string>, 'has'>): Refund[] {
  const ids = new Set(payments.map((p) => p.id));
  return ledger.refunds.filter((r) => ids.has(r.payment_id) && r.state === 'failed' && issued.has(creditNoteOnce(r)) && !issued.has(returnedOnce(r)));
}

const receiptOnce = (p: Pick<Payment, 'id'>) => `receipt:${p.id}`;
const creditNoteOnce = (r: Pick<Refund, 'id'>) => `credit-note:${r.id}`;
const returnedOnce = (r: Pick<Refund, 'id'>) => `refund-returned:${r.id}`;

/**
 * A corrected receipt: the same payments and amounts with the payer's details as the order now
 * gives them, a new number, and the receipt it replaces named on it (that one gets `replaced_by`
 * in the same transaction). No path changes a paid order's payer details yet (docs/decisions/0032-receipts-and-credit-notes.md).
 */
export async function correctReceipt(
  deps: OrderDocumentDeps,
  order: StoredOrder,
  ledger: SubjectLedger,
  old: IssuedDocument,
  actor: Actor,
  at: Date,
): Promise<IssuedDocument | 'exists'> {
  const payments = paidBy(order, ledger);
  return deps.numbering.issue({
    once: `correction:${old.id}`,
    replaces: old,
    build: (n) => {
      const number = documentNumber(n);
      const spec = receiptSpec({ number, issuedAt: at, order, payments, replaces: { number: old.number!, issued_at: old.issued_at } });
      return newDocument(deps, 'receipt', order, at, { number, version: old.version + 1, spec, refers_to: null, replaces: old.id });
    },
    audit: issuedAudit(actor, at, order),
  });
}

export type { ReceiptOrder };

/** What issuing after a payment or refund needs beside the documents: the order and its ledger as they are now. */
export interface IssueAfterMoneyDeps extends OrderDocumentDeps {
  orders: Pick<OrderStore, 'get'>;
  ledger: Pick<Ledger, 'ofSubject'>;
}

/**
 * After a payment was confirmed or a refund completed (the money-events worker, off the payment
 * path: core/payments/money-events.ts): the order's missing documents, read afresh. It throws
 * when it cannot issue them, so that the event comes again; issuing is idempotent.
 */
export async function issueAfterMoney(deps: IssueAfterMoneyDeps, subject: Subject, actor: Actor, at: Date): Promise<void> {
  if (subject.kind !== 'order') return;
  const order = await deps.orders.get(subject.owner_id, subject.id);
  if (!order) return;
  await issueOrderDocuments(deps, order, await deps.ledger.ofSubject(subject), actor, at);
}

/** Whether an order's ledger calls for a document not issued yet (`issued`: the owner's once keys). */
export function missingDocuments(order: StoredOrder, ledger: SubjectLedger, issued: Pick<ReadonlyMap<string, string>, 'has'>): boolean {
  const payments = paidBy(order, ledger);
  if (payments.length === 0) return false;
  return (
    !issued.has(receiptOnce(payments.at(-1)!)) ||
    creditedRefunds(payments, ledger).some((r) => !issued.has(creditNoteOnce(r))) ||
    returnedRefunds(payments, ledger, issued).length > 0
  );
}

/** An order's receipts and credit notes as a page shows them, and whether one is still being issued. */
export interface OrderDocumentsShown {
  documents: DocumentSummary[];
  /** The ledger calls for a document that is not there yet: the money-events worker is issuing it. */
  being_issued: boolean;
}

/**
 * The documents of each of an owner's orders (the order list), from what was read: nothing is
 * issued here (a GET never writes); an order whose ledger calls for a missing one is being issued.
 */
export function ownerOrderDocuments(
  orders: readonly StoredOrder[],
  ledgers: ReadonlyMap<string, SubjectLedger>,
  documents: readonly IssuedDocument[],
  issued: Pick<ReadonlyMap<string, string>, 'has'>,
): Map<string, OrderDocumentsShown> {
  const byOrder = new Map<string, OrderDocumentsShown>();
  for (const order of orders) {
    const ledger = ledgers.get(order.id);
    byOrder.set(order.id, { documents: [], being_issued: Boolean(ledger && missingDocuments(order, ledger, issued)) });
  }
  for (const doc of documents) {
    if (doc.subject.kind !== 'order') continue;
    byOrder.get(doc.subject.id)?.documents.push(summaryOf(doc));
  }
  return byOrder;
}

/** The documents invariants (rules.ts), after ANY interleaving once nothing is in flight. */
export { documentRules, type DocumentRule };

/** Cents of an amount as a document prints it ("US$1,040.00", "−US$50.00"). */
const centsOf = (printed: string | undefined) => (printed ? (/^[−-]/.test(printed.trim()) ? -1 : 1) * Number(printed.replace(/[^0-9]/g, '')) : NaN);

/** What is printed as money in a document's tables and fields, and whether each list adds up to its total. */
function sumsThatDoNotAddUp(doc: IssuedDocument): string[] {
  const out: string[] = [];
  const blocks = doc.spec.blocks;
  const table = blocks.find((b): b is Extract<typeof b, { kind: 'table' }> => b.kind === 'table' && Boolean(b.total));
  if (!table?.total) return [`${doc.kind} ${doc.number}: no total`];
  const total = centsOf(table.total[1]);
  const lines = table.rows.reduce((s, r) => s + centsOf(r.at(-1)), 0);
  if (lines !== total) out.push(`${doc.kind} ${doc.number}: its lines come to ${lines}, its total says ${total} (cents)`);
  if (doc.kind === 'receipt' && doc.refers_to === null) {
    const paid = blocks.filter((b) => b.kind === 'fields').at(-1);
    const payments = paid?.kind === 'fields' ? paid.rows.reduce((s, [amount]) => s + centsOf(amount), 0) : NaN;
    if (payments !== total) out.push(`${doc.kind} ${doc.number}: its payments come to ${payments}, its total says ${total} (cents)`);
  }
  return out;
}

/** The documents invariants an order breaks (undefined: deleted), with its ledger and all its documents. */
export function documentViolations(order: StoredOrder | undefined, ledger: SubjectLedger, docs: readonly IssuedDocument[]): { rule: DocumentRule; detail: string }[] {
  const out: { rule: DocumentRule; detail: string }[] = [];
  const payments = order ? paidBy(order, ledger) : [];
  const inForce = docs.filter((d) => !d.replaced_by);
  const receipts = inForce.filter((d) => d.kind === 'receipt' && d.refers_to === null);
  const returned = inForce.filter((d) => d.kind === 'receipt' && d.refers_to !== null);
  const notes = inForce.filter((d) => d.kind === 'credit-note');
  const totalOf = (doc: IssuedDocument) => centsOf(doc.spec.blocks.flatMap((b) => (b.kind === 'table' && b.total ? [b.total[1]] : []))[0]);
  const sum = (list: readonly IssuedDocument[]) => list.reduce((s, d) => s + totalOf(d), 0);
  if (receipts.length !== (payments.length > 0 ? 1 : 0))
    out.push({ rule: 'receipt-when-paid', detail: `${receipts.length} receipt(s) in force (${receipts.map((r) => r.number).join(', ')}) for an order ${payments.length > 0 ? 'paid' : 'never paid'}` });
  const ids = new Set(payments.map((p) => p.id));
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const givenBack = ledger.refunds.filter((r) => ids.has(r.payment_id) && r.state === 'done').reduce((s, r) => s + r.amount, 0);
  const documented = sum(receipts) + sum(returned) - sum(notes);
  for (const doc of [...receipts, ...returned, ...notes]) for (const detail of sumsThatDoNotAddUp(doc)) out.push({ rule: 'documents-add-up', detail });
  if (payments.length > 0 && documented !== paid - givenBack)
    out.push({ rule: 'documents-balance', detail: `receipts ${sum(receipts) + sum(returned)} less credit notes ${sum(notes)} is ${documented}; paid ${paid} less given back ${givenBack} is ${paid - givenBack} (cents)` });
  for (const n of notes) if (!docs.some((d) => d.id === n.refers_to && d.kind === 'receipt')) out.push({ rule: 'documents-refer', detail: `credit note ${n.number} refers to no receipt of the order` });
  for (const r of returned) if (!docs.some((d) => d.id === r.refers_to && d.kind === 'credit-note')) out.push({ rule: 'documents-refer', detail: `receipt ${r.number} refers to no credit note of the order` });
  return out;
}
