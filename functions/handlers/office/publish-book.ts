import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { publishBookToDelegates } from '#core/programme/delegates-book';
import { delegatesBookDeps } from '#wiring/programme';
import { organiserActor } from '#core/office/access';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/exports/{id}/publication: publishes the abstract book an export built to delegates. */
export const handler = defineDelegateHandler(routes.publishDelegatesBook, { params: z.object({ id: z.string().check(z.maxLength(64)) }) }, async ({ auth, params, now }) =>
  replyWith(await publishBookToDelegates(delegatesBookDeps, organiserActor(auth), params.id, now)),
);
