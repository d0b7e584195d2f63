import { routes } from '#core/routes';
import { updateAbstract } from '#core/abstracts/abstracts';
import { abstractIdSchema, abstractSchema } from '#core/abstracts/schemas';
import { abstractDeps } from '#lib/abstract-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(
  routes.updateAbstract,
  { params: abstractIdSchema, body: abstractSchema },
  async ({ auth, params, body, now }) => replyWith(await updateAbstract(abstractDeps(), auth.userId, params.id, body, now)),
);
