import { routes } from '#core/routes';
import { listFapiao, officeFapiaoQuery } from '#core/office/fapiao';
import { officeFapiaoDeps } from '#wiring/fapiao';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/fapiao?status=requested|issued&cursor=: the paid orders that asked for a fapiao (oldest first), or those issued. */
export const handler = defineDelegateHandler(routes.listOfficeFapiao, { query: officeFapiaoQuery }, ({ query }) => listFapiao(officeFapiaoDeps, query));
