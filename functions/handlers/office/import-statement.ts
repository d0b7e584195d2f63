import { routes } from '#core/routes';
import { importStatement } from '#core/office/import-statement';
import { importStatementBody } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { statementDeps } from '#wiring/statements';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/**
 * POST /office/statements { file_name, content_base64, mapping? }: reads the bank statement whole
 * (a fault refuses it all), then matches and books its lines; `import.state` "running" asks the
 * page to send it again to continue.
 */
export const handler = defineDelegateHandler(routes.importStatement, { body: importStatementBody }, async ({ auth, body, now, siteOrigin }) => {
  const actor = organiserActor(auth);
  return replyWith(await importStatement(statementDeps(siteOrigin, { actor, now }), actor, body, now));
});
