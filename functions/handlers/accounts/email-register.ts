import { routes } from '#core/routes';
import { register } from '#core/accounts/accounts';
import { registerSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.emailRegister, { body: registerSchema }, async ({ body, sourceIp, now, siteOrigin, lang }) =>
  replyWith(await register(accountDeps(siteOrigin), body, sourceIp, now, lang)),
);
