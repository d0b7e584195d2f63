import { routes } from '#core/routes';
import { searchOrdersForLine } from '#core/office/import-statement';
import { orderSearchQuery } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/statement_lines/orders?q=: the orders a statement line could be assigned to (order number, reference or e-mail). */
export const handler = defineDelegateHandler(routes.searchStatementOrders, { query: orderSearchQuery }, async ({ auth, query, now, siteOrigin }) =>
  searchOrdersForLine(statementDeps(siteOrigin, { actor: organiserActor(auth), now }), query.q),
);
