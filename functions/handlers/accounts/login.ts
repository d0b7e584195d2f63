import { routes } from '#core/routes';
import { login } from '#core/accounts/accounts';
import { loginSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.login, { body: loginSchema }, async ({ body, sourceIp, now, siteOrigin }) =>
  replyWith(await login(accountDeps(siteOrigin), body, sourceIp, now)),
);
