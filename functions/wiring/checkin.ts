/** Wiring of the doors (core/checkin): the devices, scans and entries in the table, the orders' tickets, the signing keys, attendance. */
import type { DeviceDeps } from '#core/checkin/devices';
import type { RecordScansDeps } from '#core/checkin/record-scans';
import { markAttendanceAtDoor } from '#core/office/attendance';
import { mailCertificateReady } from '#core/documents/certificate-mail';
import { signingKeys } from '#lib/checkin-keys';
import { secrets } from '#lib/crypto';
import { logger } from '#lib/logger';
import { saveAttendance } from '#storage/attendance';
import { checkinCounts, checkinStore, conflictPage, deviceStore, recentScans, ticketSource } from '#storage/checkin';
import type { OfficeCheckinReads } from '#core/checkin/office-view';
import { certificateMailDeps } from './certificate-mail';
import { officeOrderReads } from './office-orders';

export const deviceDeps: DeviceDeps = { store: deviceStore, newId: secrets.newId, newToken: secrets.newToken, hashToken: secrets.hashToken };

export function recordScansDeps(siteOrigin: string, now: Date): RecordScansDeps {
  return {
    store: checkinStore,
    tickets: ticketSource,
    verify: async (keyId, message, signature) => (await signingKeys()).verify(keyId, message, signature),
    async attended(order, entry) {
      // The entry stands whatever happens here: the office can still mark by hand (and sees the entry).
      try {
        await markAttendanceAtDoor(
          { reads: officeOrderReads, saveAttendance, certificateReady: (o, at) => mailCertificateReady(certificateMailDeps(siteOrigin), o, at) },
          order,
          entry,
          now,
        );
      } catch (error) {
        logger.error('attendance not marked at the door', { error: error as Error, order_id: order.id });
      }
    },
  };
}

/** The office's reads of the doors. */
export const officeCheckinReads: OfficeCheckinReads = {
  counts: checkinCounts,
  devices: () => deviceStore.list(),
  recentScans,
  conflicts: conflictPage,
};
