import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { resendDelegateActivation } from '#core/office/delegates';
import { delegateParams } from '#core/office/schemas';
import { accountDeps } from '#wiring/accounts';
import { officePeopleDeps } from '#wiring/office-people';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/delegates/{id}/activation_mail: the activation mail again (audited as the organiser's action). */
export const handler = defineDelegateHandler(routes.resendDelegateActivation, { params: delegateParams }, async ({ auth, params, now, siteOrigin }) =>
  replyWith(await resendDelegateActivation({ directory: officePeopleDeps.directory, accounts: accountDeps(siteOrigin) }, organiserActor(auth), params.id, now)),
);
