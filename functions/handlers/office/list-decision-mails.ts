import { routes } from '#core/routes';
import { listPublications } from '#core/review/publishing';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/decision_mails: the publications of the review's decisions, with their mails' counts. */
export const handler = defineDelegateHandler(routes.listDecisionMails, {}, async () => listPublications({ jobs: officeJobStore }));
