import { routes } from '#core/routes';
import { getAbstract } from '#core/abstracts/abstracts';
import { abstractIdSchema } from '#core/abstracts/schemas';
import { abstractDeps } from '#wiring/abstracts';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.getAbstract, { params: abstractIdSchema }, ({ auth, params, now, siteOrigin }) =>
  getAbstract(abstractDeps(siteOrigin), auth.userId, params.id, now),
);
