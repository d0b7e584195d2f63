import { routes } from '#core/routes';
import { confirmEnrolment } from '#core/office/access';
import { confirmSecondFactorBody } from '#core/office/schemas';
import { officeAccessDeps } from '#wiring/office-access';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/second_factor/confirm { code }: enrolment confirmed; answers the recovery codes once. */
export const handler = defineDelegateHandler(routes.confirmSecondFactor, { body: confirmSecondFactorBody }, async ({ auth, body, now, sourceIp }) =>
  replyWith(await confirmEnrolment(officeAccessDeps, auth, body.code, sourceIp, now)),
);
