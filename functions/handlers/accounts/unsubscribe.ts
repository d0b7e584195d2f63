import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { unsubscribe } from '#core/office/send-mail';
import { mailPreferences, unsubscribeTokens } from '#storage/mail-preferences';
import { defineHandler, replyWith } from '#lib/http/handler';

/**
 * POST /unsubscribe/{token}: the link of an announcement (the page posts it: a GET must not change
 * state, mail scanners follow links), or a mail program's one-click POST (`List-Unsubscribe=One-Click`).
 */
export const handler = defineHandler(routes.unsubscribe, { params: z.object({ token: z.string().check(z.maxLength(200)) }) }, async ({ params, now }) =>
  replyWith(await unsubscribe({ tokens: unsubscribeTokens, preferences: mailPreferences }, params.token, now)),
);
