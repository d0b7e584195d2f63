import { routes } from '#core/routes';
import { myCalendarQuery, myProgrammeCalendar } from '#core/programme/my-programme';
import { myProgrammeDeps } from '#wiring/programme';
import { defineHandler, FileReply } from '#lib/http/handler';

/** GET /account/programme/calendar?key=: a delegate's own programme as an iCalendar file, by its address's key (no login). */
export const handler = defineHandler(routes.getMyCalendar, { query: myCalendarQuery }, async ({ query, siteOrigin }) => {
  const { body, filename } = await myProgrammeCalendar(myProgrammeDeps, query, siteOrigin);
  return new FileReply(body, 'text/calendar; charset=utf-8', filename);
});
