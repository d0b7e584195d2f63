import { routes } from '#core/routes';
import { updateProfile } from '#core/accounts/accounts';
import { profileSchema } from '#core/accounts/schemas';
import { accountDeps } from '#wiring/accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.updateProfile, { body: profileSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await updateProfile(accountDeps(siteOrigin), auth.userId, body, now)),
);
