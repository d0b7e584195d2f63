import { routes } from '#core/routes';
import { readCostDetail } from '#core/registration-by-category/pay-registration';
import { delegateActor } from '#wiring/orders';
import { registrationMoneyDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /cost_detail: data.register and data.dinner rows with their totals, computed by the server, and what cancelling gives back now. */
export const handler = defineDelegateHandler(routes.getCostDetail, {}, async ({ auth, now, siteOrigin }) =>
  replyWith(await readCostDetail(registrationMoneyDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, now)),
);
