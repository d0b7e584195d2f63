import { routes } from '#core/routes';
import { readMyPresentations } from '#core/programme/my-presentations';
import { myPresentationsDeps } from '#wiring/presenters';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /account/presentations: the delegate's accepted abstracts, where the latest published programme places them, and their uploads. */
export const handler = defineDelegateHandler(routes.getMyPresentations, {}, ({ auth, now }) => readMyPresentations(myPresentationsDeps, auth.userId, now));
