import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { deviceIdSchema, deviceVersionBody, renewPairing } from '#core/checkin/devices';
import { deviceDeps } from '#wiring/checkin';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/checkin/devices/{id}/pairing { version }: a new pairing code; the device's earlier token stops working (audited). */
export const handler = defineDelegateHandler(routes.renewCheckinPairing, { params: deviceIdSchema, body: deviceVersionBody }, async ({ auth, params, body, now }) =>
  replyWith(await renewPairing(deviceDeps, organiserActor(auth), params.id, body.version, now)),
);
