import { routes } from '#core/routes';
import { languageSchema } from '#core/i18n/schemas';
import { languagePreference } from '#storage/language';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /language { language }: the delegate's language, for their mails and their next login elsewhere. */
export const handler = defineDelegateHandler(routes.saveLanguage, { body: languageSchema }, async ({ auth, body, now }) => {
  await languagePreference.set(auth.userId, body.language, now);
  return reply({ language: body.language });
});
