import { routes } from '#core/routes';
import { recordScans, scansBody } from '#core/checkin/record-scans';
import { recordScansDeps } from '#wiring/checkin';
import { deviceStore } from '#storage/checkin';
import { reply } from '#lib/http/handler';
import { defineDeviceHandler } from '#lib/http/device-handler';

/** POST /checkin/scans { scans }: the device's scans, each recorded once, with the record's answer for each. */
export const handler = defineDeviceHandler(routes.postCheckinScans, { body: scansBody }, async ({ auth, body, now, siteOrigin }) => {
  const results = await recordScans(recordScansDeps(siteOrigin, now), auth, body.scans, now);
  await deviceStore.synced(auth.id, now.toISOString());
  return reply({ results });
});
