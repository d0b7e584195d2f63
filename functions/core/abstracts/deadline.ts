import { deadlines } from '../config/conference';
import { isBefore } from '../time';

/** True while abstracts may change: strictly before 16 May 2024 24:00 CST (23:59:59.999 is still in time). */
export const abstractsOpen = (now: Date) => isBefore(now, deadlines.abstractSubmission);
