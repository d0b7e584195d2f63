import { routes } from '#core/routes';
import { draftView } from '#core/programme/edit-programme';
import { programmeDeps } from '#wiring/programme';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/programme: the draft with its problems (checks.ts) and the accepted abstracts not placed yet. */
export const handler = defineDelegateHandler(routes.getProgrammeDraft, {}, async () => draftView(programmeDeps));
