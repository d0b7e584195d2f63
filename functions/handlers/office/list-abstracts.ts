import { routes } from '#core/routes';
import { listCategoryAbstracts } from '#core/office/abstract-list';
import { officeAbstractsQuery } from '#core/office/schemas';
import { officePeopleDeps } from '#wiring/office-people';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/abstracts?category=&cursor=: a category's abstracts, newest submission first, with their authors. */
export const handler = defineDelegateHandler(routes.listOfficeAbstracts, { query: officeAbstractsQuery }, async ({ query }) => listCategoryAbstracts(officePeopleDeps, query));
