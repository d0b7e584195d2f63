import { routes } from '#core/routes';
import { readPublished } from '#core/programme/publish-programme';
import { publishedVersionParams } from '#core/programme/schemas';
import { programmeDeps } from '#wiring/programme';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/programme/publications/{number}: one published version with what changed since the one before. */
export const handler = defineDelegateHandler(routes.getProgrammePublication, { params: publishedVersionParams }, async ({ params }) => readPublished(programmeDeps.store, params.number));
