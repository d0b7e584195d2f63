/**
 * The check of a Chinese text with values (issue 32): the Latin-letter words it carries are its
 * values' (e-mails, names, codes, file names) and the codes a Chinese text writes too, none
 * untranslated.
 */
import { expect } from 'vitest';

const codes = /^(UTC|US|USD|IBAN|BIC|SWIFT|CSV|PDF|XML|CAMT|ID)$/;

/** The Latin-letter words of `text` that are neither in `values` nor codes. */
export function englishLeft(text: string, values: readonly string[] = []): string[] {
  let rest = text;
  for (const v of values) rest = rest.split(v).join(' ');
  rest = rest.replace(/[\w.+-]+@[\w.-]+/g, ' ').replace(/R24-\d+|[OP]-\d+/g, ' ');
  return [...rest.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((w) => !codes.test(w));
}

/** `text` is Chinese (Han characters, no English left besides `values`). */
export function expectChinese(text: string, values: readonly string[] = []) {
  expect(text, text).toMatch(/[\u4e00-\u9fff]/);
  expect(englishLeft(text, values), text).toEqual([]);
}
