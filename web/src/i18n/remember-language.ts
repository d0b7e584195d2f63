/**
 * A delegate's language choice is kept on the account too (PUT /language), so that mails follow
 * it and another device opens in it after login. Fire and forget: the address already says the
 * language, and a failure costs only the account's copy.
 */
import type { Lang } from '#core/i18n/lang';
import { routes } from '#core/routes';
import { callApi } from '../lib/api-client';
import { session } from '../lib/session-store';

export function rememberOnAccount(lang: Lang) {
  if (!session.get().token) return;
  void callApi(routes.saveLanguage, { body: { language: lang }, keepalive: true }).catch(() => undefined);
}
