/**
 * The English catalog: the source of every text (the spec's exact words), one file per area of the
 * portal, in two parts: the API's and the pages' texts (messages.ts), and the mails' (mails.ts),
 * so that a function that writes no mail does not carry the mails' texts. A new area's file is
 * listed in one of them and in the same part of zh-Hans.
 */
import { enMessages } from './messages';
import { enMails } from './mails';

export { enMessages, enMails };
export const en = { ...enMessages, ...enMails };
