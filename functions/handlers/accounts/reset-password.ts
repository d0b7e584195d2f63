import { routes } from '#core/routes';
import { resetPassword } from '#core/accounts/accounts';
import { resetSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.resetPassword, { body: resetSchema }, async ({ body, now, siteOrigin }) =>
  replyWith(await resetPassword(accountDeps(siteOrigin), body, now)),
);
