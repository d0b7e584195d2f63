import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { documentList } from '#core/documents/download';
import { recordId } from '#core/office/schemas';
import { documentStore } from '#storage/documents';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/documents/{owner}: data.items, the documents issued to one delegate, newest first. */
export const handler = defineDelegateHandler(routes.listOfficeDocuments, { params: z.object({ owner: recordId }) }, async ({ params }) => ({
  items: await documentList({ documents: documentStore }, params.owner),
}));
