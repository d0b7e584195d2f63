import { routes } from '#core/routes';
import { resendActivation } from '#core/accounts/accounts';
import { resendSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

export const handler = defineHandler(routes.resendActivation, { body: resendSchema }, async ({ body, now, siteOrigin, lang }) =>
  replyWith(await resendActivation(accountDeps(siteOrigin), body.email, now, undefined, lang)),
);
