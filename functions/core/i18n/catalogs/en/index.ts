/**
 * The English catalog: the source of every text (the spec's exact words), one file per area of the
 * portal. A new area's file is listed here and in zh-Hans/index.ts.
 */
import frame from './frame.json';
import home from './home.json';
import account from './account.json';
import api from './api.json';
import mail from './mail.json';
import form from './form.json';
import registration from './registration.json';
import abstracts from './abstracts.json';
import presentations from './presentations.json';
import office from './office.json';
import review from './review.json';
import documents from './documents.json';
import congress from './congress.json';
import travel from './travel.json';
import errors from './errors.json';

export const en = {
  ...frame,
  ...home,
  ...account,
  ...api,
  ...mail,
  ...form,
  ...registration,
  ...abstracts,
  ...presentations,
  ...office,
  ...review,
  ...documents,
  ...congress,
  ...travel,
  ...errors,
};
