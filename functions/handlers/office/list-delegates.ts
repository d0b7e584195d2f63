import { routes } from '#core/routes';
import { listDelegates } from '#core/office/delegates';
import { delegateSearchQuery } from '#core/office/schemas';
import { officePeopleDeps } from '#wiring/office-people';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/delegates?q=&cursor=: every account newest first, one e-mail address, or names starting with q. */
export const handler = defineDelegateHandler(routes.listOfficeDelegates, { query: delegateSearchQuery }, async ({ query }) => listDelegates(officePeopleDeps, query));
