import { routes } from '#core/routes';
import { discardLine } from '#core/office/import-statement';
import { discardLineBody, statementLineParams } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/statement_lines/{id}/discard { note }: a listed line is set aside, with why. */
export const handler = defineDelegateHandler(routes.discardStatementLine, { params: statementLineParams, body: discardLineBody }, async ({ auth, params, body, now, siteOrigin }) => {
  const actor = organiserActor(auth);
  return replyWith(await discardLine(statementDeps(siteOrigin, { actor, now }), actor, params.id, body.note, now));
});
