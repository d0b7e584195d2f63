import { routes } from '#core/routes';
import { listAssignmentRuns } from '#core/review/assignment-job';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/assignments (committee): the latest runs of the assignment, each with what it did. */
export const handler = defineDelegateHandler(routes.listReviewAssignmentRuns, {}, async () => listAssignmentRuns({ jobs: officeJobStore }));
