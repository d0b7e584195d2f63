import { routes } from '#core/routes';
import { programmeStatus } from '#core/programme/publish-programme';
import { programmeDeps } from '#wiring/programme';
import { defineHandler } from '#lib/http/handler';

/** GET /programme/status: whether a programme is published, and which version (one key read). */
export const handler = defineHandler(routes.getProgrammeStatus, {}, async () => programmeStatus(programmeDeps.store));
