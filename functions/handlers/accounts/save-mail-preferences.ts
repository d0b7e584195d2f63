import { routes } from '#core/routes';
import { mailMessages, mailPreferencesSchema } from '#core/office/mail-jobs';
import { mailPreferences } from '#storage/mail-preferences';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /mail_preferences { announcements }: the delegate takes the office's announcements, or not. */
export const handler = defineDelegateHandler(routes.saveMailPreferences, { body: mailPreferencesSchema }, async ({ auth, body, now }) => {
  await mailPreferences.setOptedOut(auth.userId, !body.announcements, now);
  return reply({ announcements: body.announcements }, mailMessages.preferencesSaved);
});
