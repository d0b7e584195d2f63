import { routes } from '#core/routes';
import { getPersonInfo } from '#core/accounts/accounts';
import { accountDeps } from '#wiring/accounts';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.getPersonInfo, {}, async ({ auth, siteOrigin }) => getPersonInfo(accountDeps(siteOrigin), auth.userId));
