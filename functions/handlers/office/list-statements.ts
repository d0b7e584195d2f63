import { routes } from '#core/routes';
import { statementOverview } from '#core/office/import-statement';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/statements: the remembered CSV mapping, the imports, the lines to resolve and those booked with another amount. */
export const handler = defineDelegateHandler(routes.listStatements, {}, async ({ auth, now, siteOrigin }) =>
  statementOverview(statementDeps(siteOrigin, { actor: organiserActor(auth), now })),
);
