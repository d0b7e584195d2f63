import { routes } from '#core/routes';
import { officeOrderIdSchema } from '#core/office/schemas';
import { officeVisa } from '#core/office/visa-letters';
import { visaOfficeDeps } from '#wiring/visa-letters';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/orders/{id}/visa: the order's passport data, scan, review and letters. */
export const handler = defineDelegateHandler(routes.getOfficeOrderVisa, { params: officeOrderIdSchema }, ({ params, siteOrigin }) => officeVisa(visaOfficeDeps(siteOrigin), params.id));
