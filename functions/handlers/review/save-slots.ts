import { routes } from '#core/routes';
import { saveSlots } from '#core/review/deciding';
import { committeeActor } from '#core/review/reviewing';
import { slotsBody } from '#core/review/schemas';
import { decidingDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/committee/slots { quotas, version }: the slots of the categories (never below what is decided). */
export const handler = defineDelegateHandler(routes.saveReviewSlots, { body: slotsBody }, async ({ auth, body, now }) => replyWith(await saveSlots(decidingDeps, committeeActor(auth), body, now)));
