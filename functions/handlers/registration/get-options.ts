import { routes } from '#core/routes';
import { orderOptions } from '#core/orders/read-orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration/options: country_regions and phone_number_prefixes (spec section 3 "Options"). */
export const handler = defineDelegateHandler(routes.getRegistrationOptions, {}, async () => orderOptions());
