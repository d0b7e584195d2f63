import { routes } from '#core/routes';
import { checkEmail } from '#core/accounts/accounts';
import { checkEmailSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.checkEmail, { query: checkEmailSchema }, async ({ query, sourceIp, now, siteOrigin }) =>
  replyWith(await checkEmail(accountDeps(siteOrigin), query.email, sourceIp, now)),
);
