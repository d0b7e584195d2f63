/**
 * The Simplified Chinese catalog: every id of the English one (the type says so), one file per area.
 */
import type { en } from '../en/index';
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

export const zhHans: Record<keyof typeof en, string> = {
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
