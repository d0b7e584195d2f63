import { routes } from '#core/routes';
import { slotTable } from '#core/review/deciding';
import { decidingDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/slots: each category's oral slots and poster boards, with what is decided. */
export const handler = defineDelegateHandler(routes.getReviewSlots, {}, async () => slotTable(decidingDeps));
