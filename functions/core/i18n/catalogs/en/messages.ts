/**
 * The English texts of the API and the pages (every area but the mails'): what the server's
 * messages module carries into every function (core/i18n/server-messages.ts).
 */
import frame from './frame.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import account from './account.json' with { type: 'json' };
import api from './api.json' with { type: 'json' };
import officeMail from './office-mail.json' with { type: 'json' };
import form from './form.json' with { type: 'json' };
import registration from './registration.json' with { type: 'json' };
import abstracts from './abstracts.json' with { type: 'json' };
import presentations from './presentations.json' with { type: 'json' };
import office from './office.json' with { type: 'json' };
import officeMoney from './office-money.json' with { type: 'json' };
import review from './review.json' with { type: 'json' };
import reviewProgramme from './review-programme.json' with { type: 'json' };
import reviewProgrammeEditor from './review-programme-editor.json' with { type: 'json' };
import officeFapiao from './office-fapiao.json' with { type: 'json' };
import documents from './documents.json' with { type: 'json' };
import congress from './congress.json' with { type: 'json' };
import travel from './travel.json' with { type: 'json' };
import programme from './programme.json' with { type: 'json' };
import checkin from './checkin.json' with { type: 'json' };
import checkinApp from './checkin-app.json' with { type: 'json' };
import officeCheckin from './office-checkin.json' with { type: 'json' };
import tickets from './tickets.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };

export const enMessages = {
  ...frame,
  ...home,
  ...account,
  ...api,
  ...officeMail,
  ...form,
  ...registration,
  ...abstracts,
  ...presentations,
  ...office,
  ...officeMoney,
  ...review,
  ...reviewProgramme,
  ...reviewProgrammeEditor,
  ...officeFapiao,
  ...documents,
  ...congress,
  ...travel,
  ...programme,
  ...checkin,
  ...checkinApp,
  ...officeCheckin,
  ...tickets,
  ...errors,
};
