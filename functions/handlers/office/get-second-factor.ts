import { routes } from '#core/routes';
import { secondFactorStatus } from '#core/office/access';
import { officeAccessDeps } from '#wiring/office-access';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/second_factor: set up, confirm, or open (what the office page shows first). */
export const handler = defineDelegateHandler(routes.getSecondFactor, {}, async ({ auth, now }) => secondFactorStatus(officeAccessDeps, auth, now));
