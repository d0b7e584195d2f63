/**
 * The mails' texts with the API's (catalogs/<lang>/mails.ts and messages.ts): the translator of
 * the modules that write mails. Kept apart from core/i18n/server-messages.ts so that a function
 * that writes no mail (a payment's, decision 0050) carries none of the mails' texts.
 */
import { enMails, enMessages } from './catalogs/en/index';
import { zhHansMails, zhHansMessages } from './catalogs/zh-Hans/index';
import type { Lang } from './lang';
import { translator, type Catalog, type Translate } from './messages';

export { localise } from './server-messages';

const catalogs: Record<Lang, Catalog> = { en: { ...enMessages, ...enMails }, 'zh-Hans': { ...zhHansMessages, ...zhHansMails } };
const translators: Partial<Record<Lang, Translate>> = {};

/** `t` of a language over every text, the mails' too (Chinese falls back to English for an id a newer English catalog added). */
export function mailTranslator(lang: Lang): Translate {
  return (translators[lang] ??= translator(lang, catalogs[lang], catalogs.en));
}
