import { routes } from '#core/routes';
import { readPublishedAbstract } from '#core/programme/abstract-pages';
import { programmeItemParams } from '#core/programme/schemas';
import { programmeDeps } from '#wiring/programme';
import { defineHandler } from '#lib/http/handler';

/** GET /programme/abstracts/{id}: a placed abstract's page, for everyone (one item read; 404 for one the published programme does not hold). */
export const handler = defineHandler(routes.getProgrammeAbstract, { params: programmeItemParams }, async ({ params }) => readPublishedAbstract(programmeDeps.store, params.id));
