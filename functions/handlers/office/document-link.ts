import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { documentLink } from '#core/documents/download';
import { recordId } from '#core/office/schemas';
import { documentDeps } from '#wiring/documents';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/documents/{owner}/{id}: a five-minute link to a document issued to that delegate. */
export const handler = defineDelegateHandler(routes.officeDocumentLink, { params: z.object({ owner: recordId, id: z.string().check(z.maxLength(64)) }) }, ({ params, now }) =>
  documentLink(documentDeps, params.owner, params.id, now),
);
