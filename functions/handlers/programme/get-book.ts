import { routes } from '#core/routes';
import { delegatesBookLink } from '#core/programme/delegates-book';
import { delegatesBookDeps } from '#wiring/programme';
import { defineHandler, RedirectReply } from '#lib/http/handler';

/** GET /programme/abstract-book: on to a five-minute link to the abstract book published to delegates (404 before it is). */
export const handler = defineHandler(routes.getDelegatesBook, {}, async () => new RedirectReply(await delegatesBookLink(delegatesBookDeps)));
