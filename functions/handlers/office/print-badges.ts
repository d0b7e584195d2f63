import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { officeOrderIdSchema } from '#core/office/schemas';
import { printOrderBadges } from '#core/tickets/ticket-files';
import { badgePrintDeps } from '#wiring/tickets';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/badges: the order's badges (A6) to print, audited as a print or a reprint. */
export const handler = defineDelegateHandler(routes.printOrderBadges, { params: officeOrderIdSchema }, async ({ auth, params, now }) =>
  replyWith(await printOrderBadges(badgePrintDeps, organiserActor(auth), params.id, now)),
);
