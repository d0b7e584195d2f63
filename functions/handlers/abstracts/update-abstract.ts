import { routes } from '#core/routes';
import { updateAbstract } from '#core/abstracts/abstracts';
import { abstractIdSchema, abstractSchema, updateQuerySchema } from '#core/abstracts/schemas';
import { abstractDeps } from '#wiring/abstracts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(
  routes.updateAbstract,
  { params: abstractIdSchema, body: abstractSchema, query: updateQuerySchema },
  async ({ auth, params, body, query, now, siteOrigin }) =>
    replyWith(await updateAbstract(abstractDeps(siteOrigin), auth.userId, params.id, body, now, query.base_updated_at)),
);
