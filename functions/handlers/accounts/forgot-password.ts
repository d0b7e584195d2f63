import { routes } from '#core/routes';
import { requestPasswordReset } from '#core/accounts/accounts';
import { forgotSchema } from '#core/accounts/schemas';
import { accountDeps } from '#lib/deps';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.forgotPassword, { body: forgotSchema }, async ({ body, sourceIp, now }) =>
  replyWith(await requestPasswordReset(accountDeps(), body.email, sourceIp, now)),
);
