import { routes } from '#core/routes';
import { pickBody, pickInMyProgramme } from '#core/programme/my-programme';
import { myProgrammeDeps } from '#wiring/programme';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /account/programme/picks: adds a session or talk to the delegate's programme, or removes it. */
export const handler = defineDelegateHandler(routes.pickMyProgramme, { body: pickBody }, async ({ auth, body }) => replyWith(await pickInMyProgramme(myProgrammeDeps, auth.userId, body)));
