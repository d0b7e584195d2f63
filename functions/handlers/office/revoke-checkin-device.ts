import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { deviceIdSchema, deviceVersionBody, revokeDevice } from '#core/checkin/devices';
import { deviceDeps } from '#wiring/checkin';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/checkin/devices/{id}/revoke { version }: the device's token stops working and its uploads are refused (audited). */
export const handler = defineDelegateHandler(routes.revokeCheckinDevice, { params: deviceIdSchema, body: deviceVersionBody }, async ({ auth, params, body, now }) =>
  replyWith(await revokeDevice(deviceDeps, organiserActor(auth), params.id, body.version, now)),
);
