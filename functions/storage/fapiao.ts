/** An order's fapiao (core/orders/fapiao.ts, core/office/fapiao.ts): the order's mark (storage/order-marks.ts). */
import type { FapiaoDeps } from '#core/orders/fapiao';
import { orderMarkWriter } from './order-marks';

export const saveFapiao: FapiaoDeps['saveFapiao'] = orderMarkWriter('fapiao');
