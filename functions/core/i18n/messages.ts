/**
 * The message catalogs (issue 32, decision 0058): per language a folder under `catalogs/`, a file per area,
 * ids to ICU MessageFormat texts (`{name}`, `{count, plural, one {...} other {...}}`,
 * `{kind, select, ...}`). English is the source and holds the spec's exact words; Chinese has
 * every id English has (a unit test and the types say so). The server and the web read the same
 * files: the web gets them compiled (one chunk per language, web/vite-i18n.ts), the server parses
 * them once per cold start.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { en } from './catalogs/en/index';
import type { Lang } from './lang';

export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

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
  const compiled = new Map<string, IntlMessageFormat>();
  return (id, values) => {
    let format = compiled.get(id);
    if (!format) {
      const source = catalog[id] ?? fallback?.[id];
      if (source === undefined) return id;
      // Tags are text (`<` in a message is a character, not markup): the web's compiled trees are made the same way.
      format = new IntlMessageFormat(source, locale[lang], undefined, { ignoreTag: true });
      compiled.set(id, format);
    }
    return String(format.format(values));
  };
}
