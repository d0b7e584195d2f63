import { routes } from '#core/routes';
import { deviceSetup } from '#core/checkin/device-sync';
import { signingKeys } from '#lib/checkin-keys';
import { reply } from '#lib/http/handler';
import { defineDeviceHandler } from '#lib/http/device-handler';

/** GET /checkin/device: the device, its lists, the keys that verify tickets (a device keeps them for offline). */
export const handler = defineDeviceHandler(routes.getCheckinDevice, {}, async ({ auth, now }) => reply(deviceSetup(auth, (await signingKeys()).publicKeys(), now)));
