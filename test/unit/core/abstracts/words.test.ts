import { describe, expect, it } from 'vitest';
import { countWords } from '#core/abstracts/words';

describe('countWords: alphabetic words only', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['cancer registry', 2],
    ['  cancer\n\tregistry  ', 2],
    ['COVID-19', 1],
    ['2024', 0],
    ['95% CI: 1.2-3.4', 1],
    ["don't stop", 2],
    ['population-based registries', 2],
    ['liver cancer; incidence; registry', 4],
    ['Müller and Ångström', 3],
    ['肝癌 发病', 2],
    ['a/b', 2],
    ['(n=106)', 1],
    ['--- *** ...', 0],
  ])('%j has %i', (text, n) => {
    expect(countWords(text)).toBe(n);
  });

  it('treats missing text as no words', () => {
    expect(countWords(undefined)).toBe(0);
    expect(countWords(null)).toBe(0);
  });
});
