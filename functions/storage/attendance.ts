/** The office's attendance mark on an order (core/office/attendance.ts): the order's mark (storage/order-marks.ts). */
import type { AttendanceDeps } from '#core/office/attendance';
import { orderMarkWriter } from './order-marks';

export const saveAttendance: AttendanceDeps['saveAttendance'] = orderMarkWriter('attendance');
