/**
 * The message catalogs (issue 32, decision 0058): per language a folder under `catalogs/`, a file per area,
 * ids to ICU MessageFormat texts (`{name}`, `{count, plural, one {...} other {...}}`,
 * `{kind, select, ...}`). English is the source and holds the spec's exact words; Chinese has
 * every id English has (a unit test and the types say so). The server and the web read the same
 * files: the web gets them compiled (one chunk per language, web/vite-i18n.ts), the server parses
 * them once per cold start.
 */
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { en } from './catalogs/en/index';
import { formatDay, formatDeadline, formatInstant } from './format';
import type { Lang } from './lang';

export type MessageId = keyof typeof en;

/**
 * An instant among a text's values: written as its reader's language writes it, in China Standard
 * Time with the zone (core/i18n/format.ts), when the text is formatted. `deadline` writes a midnight
 * as 24:00 of the day before; `day` only the date.
 */
export interface InstantValue {
  readonly instant: string;
  readonly as: 'instant' | 'deadline' | 'day';
}
export const instantValue = (at: string | Date, as: InstantValue['as'] = 'instant'): InstantValue => ({ instant: new Date(at).toISOString(), as });
const isInstantValue = (v: unknown): v is InstantValue => typeof v === 'object' && v !== null && typeof (v as InstantValue).instant === 'string';
const instantFormats = { instant: formatInstant, deadline: formatDeadline, day: formatDay } as const;

/**
 * A text's values: words and numbers as they are, instants written in the reader's language,
 * terms of the catalogs (a review category, an outcome) as a text of their own in the same
 * language, and a list of terms joined as the language joins them (`api.listSeparator`).
 */
export type MessageValues = Record<string, string | number | InstantValue | Text | readonly Text[]>;

/** A catalog as the runtime takes it: texts, or their compiled form. */
export type Catalog = Record<MessageId, string | MessageFormatElement[]>;

/**
 * A text a domain rule raises or a mail says, by its id and values: rendered in the reader's
 * language where it leaves the server (the API's envelope, a mail).
 */
export interface Text {
  readonly id: MessageId;
  readonly values?: MessageValues;
}
export const text = (id: MessageId, values?: MessageValues): Text => ({ id, values });
export const isText = (value: unknown): value is Text =>
  typeof value === 'object' && value !== null && typeof (value as Text).id === 'string' && Object.keys(value).every((k) => k === 'id' || k === 'values');

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The language tag the plural and select rules follow. */
const locale: Record<Lang, string> = { en: 'en', 'zh-Hans': 'zh-Hans' };

/**
 * `t(id, values)` over one catalog. A text is compiled the first time it is used; a missing id
 * (only possible across deployments of different versions) shows the id rather than nothing.
 */
export function translator(lang: Lang, catalog: Catalog, fallback?: Catalog): Translate {
  const compiled = new Map<string, IntlMessageFormat | string>();
  const t: Translate = (id, values) => {
    let format = compiled.get(id);
    if (format === undefined) {
      const source = catalog[id] ?? fallback?.[id];
      if (source === undefined) return id;
      // Tags are text (`<` in a message is a character, not markup): the web's compiled trees are made the same way.
      format = plainText(source) ?? new IntlMessageFormat(source, locale[lang], undefined, { ignoreTag: true });
      compiled.set(id, format);
    }
    return typeof format === 'string' ? format : String(format.format(values && writtenValues(lang, values, t)));
  };
  return t;
}

/**
 * A text without placeholders, plurals or quoting, as it reads: most texts are, and a formatter
 * for each (its locale resolved, its formatters set up) was start-up work on a slow phone.
 */
function plainText(source: string | MessageFormatElement[]): string | undefined {
  if (typeof source === 'string') return /[{}']/.test(source) ? undefined : source;
  if (source.length === 0) return '';
  const [only] = source;
  return source.length === 1 && only!.type === TYPE.literal ? only!.value : undefined;
}

/** A text's values as ICU takes them: instants and terms written in `lang`. */
function writtenValues(lang: Lang, values: MessageValues, t: Translate): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(values)) {
    if (Array.isArray(v)) out[key] = (v as readonly Text[]).map((term) => t(term.id, term.values)).join(t('api.listSeparator'));
    else if (isInstantValue(v)) out[key] = instantFormats[v.as](lang, v.instant);
    else out[key] = typeof v === 'object' ? t((v as Text).id, (v as Text).values) : (v as string | number);
  }
  return out;
}
