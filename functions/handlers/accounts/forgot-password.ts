import { routes } from '#core/routes';
import { requestPasswordReset } from '#core/accounts/accounts';
import { forgotSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.forgotPassword, { body: forgotSchema }, async ({ body, sourceIp, now, siteOrigin, lang }) =>
  replyWith(await requestPasswordReset(accountDeps(siteOrigin), body.email, sourceIp, now, lang)),
);
