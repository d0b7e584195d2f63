/**
 * Word counting of the abstract form (spec: "Word counting counts only alphabetic words"): a
 * word is a run of letters in any script, joined by an apostrophe or a hyphen ("don't",
 * "population-based" are one word). Numbers, symbols and punctuation are not words, so
 * "COVID-19" is one word and "2024" none. The form's counters and the server use this one function.
 */
// Combining marks belong to their letter: accents typed as two code points (NFD text pasted from
// PDFs or macOS) and the vowel signs of Indic scripts do not split a word.
const WORD = /\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;

export function countWords(text: string | undefined | null): number {
  if (!text) return 0;
  return text.match(WORD)?.length ?? 0;
}
