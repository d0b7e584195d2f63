import { routes } from '#core/routes';
import { latestPublicProgramme } from '#core/programme/publish-programme';
import { programmeDeps } from '#wiring/programme';
import { defineHandler } from '#lib/http/handler';

/** GET /programme: the latest published programme, for everyone (one item read; 404 before the first publication). */
export const handler = defineHandler(routes.getProgramme, {}, async () => latestPublicProgramme(programmeDeps.store));
