import { routes } from '#core/routes';
import { activate } from '#core/accounts/accounts';
import { activateSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { defineHandler, replyWith } from '#lib/http/handler';

/** The activation link lands on a page that posts its token here (a GET must not change state). */
export const handler = defineHandler(routes.activate, { body: activateSchema }, async ({ body, now, siteOrigin }) =>
  replyWith(await activate(accountDeps(siteOrigin), body.token, now)),
);
