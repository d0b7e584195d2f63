/** Wiring of the fapiao requests (core/orders/fapiao.ts) and the office's list of them (core/office/fapiao.ts). */
import type { FapiaoDeps } from '#core/orders/fapiao';
import type { OfficeFapiaoDeps } from '#core/office/fapiao';
import { saveFapiao } from '#storage/fapiao';
import { orderStore } from '#storage/orders';
import { orderRowOf, orderRowPage } from '#storage/order-rows';

export const fapiaoDeps: FapiaoDeps = { get: (ownerId, id) => orderStore.get(ownerId, id), saveFapiao };

export const officeFapiaoDeps: OfficeFapiaoDeps = { ...fapiaoDeps, rowPage: orderRowPage, rowOf: orderRowOf };
