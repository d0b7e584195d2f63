import { routes } from '#core/routes';
import { programmeCalendarFile } from '#core/programme/publish-programme';
import { calendarQuerySchema } from '#core/programme/schemas';
import { programmeDeps } from '#wiring/programme';
import { defineHandler, FileReply } from '#lib/http/handler';

/** GET /programme/calendar: the published programme as an iCalendar file (the whole feed, one session or one talk), for everyone. */
export const handler = defineHandler(routes.getProgrammeCalendar, { query: calendarQuerySchema }, async ({ query, siteOrigin }) => {
  const { body, filename } = await programmeCalendarFile(programmeDeps.store, { lang: query.lang ?? 'en', ...(query.session ? { session: query.session } : {}), ...(query.talk ? { talk: query.talk } : {}) }, siteOrigin);
  return new FileReply(body, 'text/calendar; charset=utf-8', filename);
});
