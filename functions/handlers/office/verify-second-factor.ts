import { routes } from '#core/routes';
import { verifySecondFactor } from '#core/office/access';
import { verifySecondFactorBody } from '#core/office/schemas';
import { officeAccessDeps } from '#wiring/office-access';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/second_factor/verify { code } or { recovery_code }: this session may use the office. */
export const handler = defineDelegateHandler(routes.verifySecondFactor, { body: verifySecondFactorBody }, async ({ auth, body, now, sourceIp }) =>
  replyWith(await verifySecondFactor(officeAccessDeps, auth, body, sourceIp, now)),
);
