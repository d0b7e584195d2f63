import { routes } from '#core/routes';
import { createAbstract } from '#core/abstracts/abstracts';
import { abstractSchema } from '#core/abstracts/schemas';
import { abstractDeps } from '#lib/abstract-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.createAbstract, { body: abstractSchema }, async ({ auth, body, now }) =>
  replyWith(await createAbstract(abstractDeps(), auth.userId, body, now)),
);
