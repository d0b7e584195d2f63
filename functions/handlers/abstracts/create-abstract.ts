import { routes } from '#core/routes';
import { createAbstract } from '#core/abstracts/abstracts';
import { abstractSchema } from '#core/abstracts/schemas';
import { abstractDeps } from '#wiring/abstracts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.createAbstract, { body: abstractSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await createAbstract(abstractDeps(siteOrigin), auth.userId, body, now)),
);
