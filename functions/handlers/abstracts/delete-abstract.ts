import { routes } from '#core/routes';
import { deleteAbstract } from '#core/abstracts/abstracts';
import { abstractIdSchema } from '#core/abstracts/schemas';
import { abstractDeps } from '#wiring/abstracts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.deleteAbstract, { params: abstractIdSchema }, async ({ auth, params, now, siteOrigin }) =>
  replyWith(await deleteAbstract(abstractDeps(siteOrigin), auth.userId, params.id, now)),
);
