/** An order's status as the page's language names it (the registration area's names); the server's English name otherwise. */
import type { MessageId, Translate } from '#core/i18n/messages';

const ids: Record<number, MessageId> = {
  0: 'registration.status.unpaid',
  1: 'registration.status.paid',
  2: 'registration.status.checking',
  [-1]: 'registration.status.cancelled',
  [-2]: 'registration.status.refunding',
};

export const orderStatusName = (t: Translate, status: number, english: string): string => {
  const id = ids[status];
  return id ? t(id) : english;
};
