import { routes } from '#core/routes';
import { changePassword } from '#core/accounts/accounts';
import { changePasswordSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.changePassword, { body: changePasswordSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await changePassword(accountDeps(siteOrigin), auth.userId, body, now)),
);
