import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { documentLink } from '#core/documents/download';
import { documentDeps } from '#wiring/documents';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /documents/{id}: a five-minute link to one of the caller's documents (its PDF rendered on the first download). */
export const handler = defineDelegateHandler(routes.documentLink, { params: z.object({ id: z.string().check(z.maxLength(64)) }) }, ({ auth, params, now }) =>
  documentLink(documentDeps, auth.userId, params.id, now),
);
