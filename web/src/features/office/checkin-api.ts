/** The office's calls for the doors (issue 34), built from the route table. */
import { routes } from '#core/routes';
import type { checkinOverview, conflictReport } from '#core/checkin/office-view';
import type { DeviceView } from '#core/checkin/devices';
import { callApi, callApiForMessage } from '../../lib/api-client';

export type CheckinOverview = Awaited<ReturnType<typeof checkinOverview>>;
export type ConflictPage = Awaited<ReturnType<typeof conflictReport>>;
export interface Pairing {
  device: DeviceView;
  pairing_code: string;
  pairing_expires_at: string;
}

export const checkinOverviewKey = ['office', 'checkin'] as const;
export const checkinConflictsKey = (cursor: string) => ['office', 'checkin', 'conflicts', cursor] as const;

export const officeCheckinApi = {
  overview: () => callApi<CheckinOverview>(routes.getCheckinOverview),
  conflicts: (cursor: string) => callApi<ConflictPage>(routes.listCheckinConflicts, { query: { cursor } }),
  createDevice: (body: { name: string; lists: string[]; valid_until: string }) => callApiForMessage<Pairing>(routes.createCheckinDevice, { body }),
  renewPairing: (device: DeviceView) => callApiForMessage<Pairing>(routes.renewCheckinPairing, { params: { id: device.id }, body: { version: device.version } }),
  revoke: (device: DeviceView) => callApiForMessage<{ device: DeviceView }>(routes.revokeCheckinDevice, { params: { id: device.id }, body: { version: device.version } }),
};
