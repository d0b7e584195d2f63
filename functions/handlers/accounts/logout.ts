import { routes } from '#core/routes';
import { logout } from '#core/accounts/accounts';
import { accountDeps } from '#wiring/accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.logout, {}, async ({ auth, siteOrigin }) =>
  replyWith(await logout(accountDeps(siteOrigin), auth.sessionId)),
);
