import { routes } from '#core/routes';
import { listPublications } from '#core/review/publishing';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/publication: the publications so far, newest first, with what each published and mailed. */
export const handler = defineDelegateHandler(routes.listCommitteePublications, {}, async () => listPublications({ jobs: officeJobStore }));
