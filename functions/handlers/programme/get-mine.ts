import { routes } from '#core/routes';
import { readMyProgramme } from '#core/programme/my-programme';
import { myProgrammeDeps } from '#wiring/programme';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /account/programme: the delegate's picks and their calendar's key. */
export const handler = defineDelegateHandler(routes.getMyProgramme, {}, async ({ auth }) => readMyProgramme(myProgrammeDeps, auth.userId));
