import { routes } from '#core/routes';
import { startEnrolment } from '#core/office/access';
import { officeAccessDeps } from '#wiring/office-access';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/second_factor/enrol: a new secret to scan (as a QR code and as text). */
export const handler = defineDelegateHandler(routes.startSecondFactor, {}, async ({ auth, now }) => replyWith(await startEnrolment(officeAccessDeps, auth, now)));
