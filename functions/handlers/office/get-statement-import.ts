import { routes } from '#core/routes';
import { statementImport } from '#core/office/import-statement';
import { statementImportParams } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/statements/{id}: one import with each of its lines and what became of it. */
export const handler = defineDelegateHandler(routes.getStatementImport, { params: statementImportParams }, async ({ auth, params, now, siteOrigin }) =>
  statementImport(statementDeps(siteOrigin, { actor: organiserActor(auth), now }), params.id),
);
