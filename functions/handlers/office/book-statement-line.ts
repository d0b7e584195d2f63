import { routes } from '#core/routes';
import { bookHeldLine } from '#core/office/import-statement';
import { statementLineParams } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/statement_lines/{id}/book: a line held as a possible duplicate is a transfer of its own; it is booked. */
export const handler = defineDelegateHandler(routes.bookStatementLine, { params: statementLineParams }, async ({ auth, params, now, siteOrigin }) => {
  const actor = organiserActor(auth);
  return replyWith(await bookHeldLine(statementDeps(siteOrigin, { actor, now }), actor, params.id, now));
});
