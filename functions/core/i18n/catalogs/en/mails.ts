/** The English texts of the mails (core/i18n/mail-messages.ts): only functions that write mails carry them. */
import mail from './mail.json' with { type: 'json' };
import mailOrders from './mail-orders.json' with { type: 'json' };
import mailTickets from './mail-tickets.json' with { type: 'json' };

export const enMails = {
  ...mail,
  ...mailOrders,
  ...mailTickets,
};
