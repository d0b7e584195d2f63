import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { createDevice, deviceBody } from '#core/checkin/devices';
import { deviceDeps } from '#wiring/checkin';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/checkin/devices { name, lists, valid_until }: a new door device and its one-time pairing code (audited). */
export const handler = defineDelegateHandler(routes.createCheckinDevice, { body: deviceBody }, async ({ auth, body, now }) => replyWith(await createDevice(deviceDeps, organiserActor(auth), body, now)));
