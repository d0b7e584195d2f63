import { routes } from '#core/routes';
import { documentList } from '#core/documents/download';
import { documentStore } from '#storage/documents';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /documents: data.items, the caller's documents (receipts, credit notes, letters, certificates), newest first. */
export const handler = defineDelegateHandler(routes.listDocuments, {}, async ({ auth }) => ({ items: await documentList({ documents: documentStore }, auth.userId) }));
