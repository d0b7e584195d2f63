import { routes } from '#core/routes';
import { mailPreferences } from '#storage/mail-preferences';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /mail_preferences: whether the delegate takes the office's announcements. */
export const handler = defineDelegateHandler(routes.getMailPreferences, {}, async ({ auth }) => ({ announcements: !(await mailPreferences.optedOut(auth.userId)) }));
