import { routes } from '#core/routes';
import { listAbstracts } from '#core/abstracts/abstracts';
import { abstractDeps } from '#wiring/abstracts';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.listAbstracts, {}, ({ auth, now, siteOrigin }) => listAbstracts(abstractDeps(siteOrigin), auth.userId, now));
