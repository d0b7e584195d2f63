import { routes } from '#core/routes';
import { readCostDetail } from '#core/registration-by-category/pay-registration';
import { registrationStore } from '#storage/registrations';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /cost_detail: data.register and data.dinner rows with their totals, computed by the server. */
export const handler = defineDelegateHandler(routes.getCostDetail, {}, async ({ auth, now }) =>
  replyWith(await readCostDetail({ registrations: registrationStore }, auth.userId, now)),
);
