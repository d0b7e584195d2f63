import { routes } from '#core/routes';
import { pairBody, pairDevice } from '#core/checkin/devices';
import { deviceDeps } from '#wiring/checkin';
import { defineHandler, replyWith } from '#lib/http/handler';

/** POST /checkin/pair { code }: the phone at the door trades the office's one-time code for its device token. */
export const handler = defineHandler(routes.pairCheckinDevice, { body: pairBody }, async ({ body, now }) => replyWith(await pairDevice(deviceDeps, body.code, now)));
