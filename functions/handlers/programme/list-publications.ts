import { routes } from '#core/routes';
import { listPublished } from '#core/programme/publish-programme';
import { programmeDeps } from '#wiring/programme';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/programme/publications: the published versions, newest first. */
export const handler = defineDelegateHandler(routes.listProgrammePublications, {}, async () => listPublished(programmeDeps.store));
