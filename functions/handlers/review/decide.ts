import { routes } from '#core/routes';
import { decide } from '#core/review/deciding';
import { committeeActor } from '#core/review/reviewing';
import { decisionBody, reviewedAbstractParams } from '#core/review/schemas';
import { decidingDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/committee/decisions/{id} { outcome, duplicate_of, note, version }: the abstract's pending decision (null clears it). */
export const handler = defineDelegateHandler(routes.decideAbstract, { params: reviewedAbstractParams, body: decisionBody }, async ({ auth, params, body, now }) =>
  replyWith(await decide(decidingDeps, committeeActor(auth), params.id, body, now)),
);
