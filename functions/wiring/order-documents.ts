/** Wiring of the orders' receipts and credit notes: the documents' items and the congress's numbering. */
import { documentSequence } from '#core/documents/receipt';
import type { IssueAfterMoneyDeps, OrderDocumentDeps } from '#core/documents/order-documents';
import { documentNumbering } from '#storage/document-numbers';
import { documentStore } from '#storage/documents';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { secrets } from '#lib/crypto';

export const orderDocumentDeps: OrderDocumentDeps & { documents: typeof documentStore } = {
  documents: documentStore,
  numbering: documentNumbering(documentSequence),
  newId: secrets.newId,
};

export const issueAfterMoneyDeps: IssueAfterMoneyDeps = { ...orderDocumentDeps, orders: orderStore, ledger };
