import { routes } from '#core/routes';
import { requestPublication } from '#core/review/publishing';
import { committeeActor } from '#core/review/reviewing';
import { publishBody } from '#core/review/schemas';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/committee/publication: every pending decision published off the request path (an office job), its mails queued. */
export const handler = defineDelegateHandler(routes.publishDecisions, { body: publishBody }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await requestPublication(jobDeps, committeeActor(auth), body, siteOrigin, now)),
);
