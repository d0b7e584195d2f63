import { routes } from '#core/routes';
import { conflictReport, conflictsQuery } from '#core/checkin/office-view';
import { officeCheckinReads } from '#wiring/checkin';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/checkin/conflicts?cursor=: a further page of the conflict report, newest first. */
export const handler = defineDelegateHandler(routes.listCheckinConflicts, { query: conflictsQuery }, async ({ query }) => reply(await conflictReport(officeCheckinReads, query.cursor)));
