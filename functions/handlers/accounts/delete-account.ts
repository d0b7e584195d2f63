import { routes } from '#core/routes';
import { deleteAccount } from '#core/accounts/own-data';
import { deleteAccountSchema } from '#core/accounts/schemas';
import { ownDataDeps } from '#wiring/accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /account/delete { password }: deletes the account (paid orders kept, anonymised); every session ends. */
export const handler = defineDelegateHandler(routes.deleteAccount, { body: deleteAccountSchema }, async ({ auth, body, now }) =>
  replyWith(await deleteAccount(ownDataDeps(), auth.userId, body, now)),
);
