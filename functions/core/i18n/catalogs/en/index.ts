/**
 * The English catalog: the source of every text (the spec's exact words), one file per area of the
 * portal. A new area's file is listed here and in zh-Hans/index.ts.
 */
import frame from './frame.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import api from './api.json' with { type: 'json' };
import mail from './mail.json' with { type: 'json' };
import mailOrders from './mail-orders.json' with { type: 'json' };
import officeMail from './office-mail.json' with { type: 'json' };
import form from './form.json' with { type: 'json' };
import registration from './registration.json' with { type: 'json' };
import abstracts from './abstracts.json' with { type: 'json' };
import presentations from './presentations.json' with { type: 'json' };
import office from './office.json' with { type: 'json' };
import officeMoney from './office-money.json' with { type: 'json' };
import review from './review.json' with { type: 'json' };
import officeFapiao from './office-fapiao.json' with { type: 'json' };
import documents from './documents.json' with { type: 'json' };
import congress from './congress.json' with { type: 'json' };
import travel from './travel.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };

export const en = {
  ...frame,
  ...home,
  ...account,
  ...api,
  ...mail,
  ...mailOrders,
  ...officeMail,
  ...form,
  ...registration,
  ...abstracts,
  ...presentations,
  ...office,
  ...officeMoney,
  ...review,
  ...officeFapiao,
  ...documents,
  ...congress,
  ...travel,
  ...errors,
};
