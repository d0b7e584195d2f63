import { routes } from '#core/routes';
import { listAssignmentRuns } from '#core/review/assignment-job';
import { followedJobQuery } from '#core/review/schemas';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/assignments?job= (committee): the latest runs of the assignment, each with what it did, and the run asked for. */
export const handler = defineDelegateHandler(routes.listReviewAssignmentRuns, { query: followedJobQuery }, async ({ query }) => listAssignmentRuns({ jobs: officeJobStore }, query.job));
