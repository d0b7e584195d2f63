import { routes } from '#core/routes';
import { programmeStatus } from '#core/programme/publish-programme';
import { programmeDeps } from '#wiring/programme';
import { delegatesBookStore } from '#storage/programme';
import { defineHandler } from '#lib/http/handler';

/** GET /programme/status: whether a programme is published, which version, and the abstract book for delegates (two key reads). */
export const handler = defineHandler(routes.getProgrammeStatus, {}, async () => programmeStatus(programmeDeps.store, delegatesBookStore));
