/** The Chinese texts of the mails: every id of the English part (the type says so). */
import type { enMails } from '../en/mails';
import mail from './mail.json' with { type: 'json' };
import mailOrders from './mail-orders.json' with { type: 'json' };
import mailTickets from './mail-tickets.json' with { type: 'json' };

export const zhHansMails: Record<keyof typeof enMails, string> = {
  ...mail,
  ...mailOrders,
  ...mailTickets,
};
