import { routes } from '#core/routes';
import { visaQueueQuery } from '#core/office/schemas';
import { visaQueue } from '#core/office/visa-letters';
import { visaOfficeDeps } from '#wiring/visa-letters';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/visa_letters?cursor=: the passport data waiting for review, oldest first, each with its scan (a short-lived link). */
export const handler = defineDelegateHandler(routes.listVisaQueue, { query: visaQueueQuery }, ({ query, siteOrigin }) => visaQueue(visaOfficeDeps(siteOrigin), query.cursor));
