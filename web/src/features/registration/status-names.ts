/** An order's payment status as the catalogs name it (the server's status_name is the English). */
import type { MessageId } from '#core/i18n/messages';

export const statusNameIds: Partial<Record<number, MessageId>> = {
  0: 'registration.status.unpaid',
  1: 'registration.status.paid',
  2: 'registration.status.checking',
  [-1]: 'registration.status.cancelled',
  [-2]: 'registration.status.refunding',
};
