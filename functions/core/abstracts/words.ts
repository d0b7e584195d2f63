/**
 * Word counting of the abstract form (spec: "Word counting counts only alphabetic words"): a
 * word is a run of letters in any script, joined by an apostrophe or a hyphen ("don't",
 * "population-based" are one word). Numbers, symbols and punctuation are not words, so
 * "COVID-19" is one word and "2024" none. The form's counters and the server use this one function.
 */
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;

export function countWords(text: string | undefined | null): number {
  if (!text) return 0;
  return text.match(WORD)?.length ?? 0;
}
