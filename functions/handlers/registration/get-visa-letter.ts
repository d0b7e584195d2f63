import { routes } from '#core/routes';
import { orderIdSchema } from '#core/orders/requests';
import { ownVisaLetter } from '#core/orders/visa-review';
import { visaDeps } from '#wiring/visa-letters';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration/submission/{id}/visa_letter: the order's current letter (download it through /documents/{id}), or why there is none (409). */
export const handler = defineDelegateHandler(routes.getVisaLetter, { params: orderIdSchema }, ({ auth, params, siteOrigin }) => ownVisaLetter(visaDeps(siteOrigin), auth.userId, params.id));
