import { routes } from '#core/routes';
import { assignLine } from '#core/office/import-statement';
import { assignLineBody, statementLineParams } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/statement_lines/{id}/assign { reference }: books a listed line for the order an organiser chose. */
export const handler = defineDelegateHandler(routes.assignStatementLine, { params: statementLineParams, body: assignLineBody }, async ({ auth, params, body, now, siteOrigin }) => {
  const actor = organiserActor(auth);
  return replyWith(await assignLine(statementDeps(siteOrigin, { actor, now }), actor, params.id, body.reference, now));
});
