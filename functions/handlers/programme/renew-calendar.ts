import { routes } from '#core/routes';
import { renewMyCalendar } from '#core/programme/my-programme';
import { myProgrammeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /account/programme/calendar-key: a new address for the delegate's calendar (the old one stops working). */
export const handler = defineDelegateHandler(routes.renewMyCalendar, {}, async ({ auth }) => replyWith(await renewMyCalendar(myProgrammeDeps, auth.userId)));
