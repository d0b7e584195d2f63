/**
 * The catalogs on the server: messages of the API in the reader's language (the mails' texts are
 * core/i18n/mail-messages.ts's). A
 * message raised as plain English (the spec's words, shared zod schemas) is found by its exact
 * English text, so the same sentence needs no second id; a message with values is raised by id
 * (`text(id, values)`, functions/core/i18n/messages.ts).
 */
import { enMessages } from './catalogs/en/messages';
import { zhHansMessages } from './catalogs/zh-Hans/messages';
import type { Lang } from './lang';
import { setEnglishMessages } from '../errors';
import { isText, translator, type Catalog, type MessageId, type Text, type Translate } from './messages';

/** The API's and the pages' texts; the mails' are core/i18n/mail-messages.ts's (only functions that write mails carry them). */
const catalogs = { en: enMessages, 'zh-Hans': zhHansMessages } as Record<Lang, Catalog>;
const translators: Partial<Record<Lang, Translate>> = {};

/** `t` of a language (Chinese falls back to English for an id a newer English catalog added). */
export function serverTranslator(lang: Lang): Translate {
  return (translators[lang] ??= translator(lang, catalogs[lang], catalogs.en));
}

let byEnglish: Map<string, MessageId> | undefined;
/** The id of a catalog text without placeholders, by its exact English words. */
function idOfEnglish(message: string): MessageId | undefined {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const [id, source] of Object.entries(enMessages) as [MessageId, string][]) if (!source.includes('{') && !byEnglish.has(source)) byEnglish.set(source, id);
  }
  return byEnglish.get(message);
}

/**
 * A message in `lang`: a Text by its id; a plain English message by its words, or as it is when
 * the catalogs do not hold it (English is never changed).
 */
export function localise(lang: Lang, message: string | Text): string {
  if (isText(message)) return serverTranslator(lang)(message.id, message.values);
  if (lang === 'en') return message;
  const id = idOfEnglish(message);
  return id ? serverTranslator(lang)(id) : message;
}

/** Field errors (`data.errors`) in `lang`: words, or catalog texts with values (English too is written out). */
export function localiseErrors(lang: Lang, errors: Record<string, string | Text>): Record<string, string> {
  if (lang === 'en' && Object.values(errors).every((m) => typeof m === 'string')) return errors as Record<string, string>;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, message] of Object.entries(errors)) out[key] = localise(lang, message);
  return out;
}

// Errors raised with a catalog text carry its English as their message (core/errors.ts).
setEnglishMessages((text) => localise('en', text));
