/**
 * The documents' texts (texts.json, edited by the organisers) and the one way they are filled in:
 * `{name}` placeholders replaced by values. Nothing else is interpreted (no expressions, no
 * loops, no escapes), so an edited text can never run code; a placeholder the caller does not
 * supply is an error, never printed as is.
 */
import texts from './texts.json';

export type DocumentTexts = typeof texts;
export const documentTexts: DocumentTexts = texts;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders a text uses. */
export const placeholdersOf = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);

export class MissingPlaceholder extends Error {}

/** The text with each `{name}` replaced by its value (values are inserted as they are: never read again as placeholders). */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new MissingPlaceholder(`The document text uses {${name}}, which is not filled in here: ${template}`);
    return String(values[name]);
  });
}

/** The organiser's legal details as every document's footer prints them. */
export const documentFooter = () => fillText(documentTexts.footer, documentTexts.organiser);
