import { describe, expect, it } from 'vitest';
import { countWords } from '#core/abstracts/words';

describe('countWords: what makes a word', () => {
  it.each([
    ['letters joined by a hyphen are one word', 'state-of-the-art', 1],
    ['a hyphen at either end does not join anything', '-well- -known', 2],
    ['a typographic apostrophe joins like a straight one', 'don’t won’t', 2],
    ['a leading apostrophe is not a word', "'tis", 1],
    ['a dash is not a hyphen', 'incidence–mortality ratio', 3],
    ['a slash separates', 'and/or', 2],
    ['an underscore separates', 'snake_case', 2],
    ['digits inside a name separate its letters', 'H2O', 2],
    ['a letter before digits is a word', 'p53 mutations', 2],
    ['numbers, percentages and decimals are none', '12 345 6.7% 1,000 -5', 0],
    ['only punctuation is nothing', '!?,;:…()[]{}"\'', 0],
    ['accented Latin letters count', 'naïve café São Paulo', 4],
    ['Greek and Cyrillic count', 'α-fetoprotein и рак', 3],
    ['Japanese and Korean count', 'がん 암', 2],
    ['every kind of white space separates', 'one\u00a0two\u3000three\r\nfour\tfive', 5],
  ])('%s: %j has %i', (_rule, text, n) => {
    expect(countWords(text)).toBe(n);
  });

  it('counts a 300-word body exactly, whatever the punctuation around the words', () => {
    const body = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? `(word${i}),` : i % 3 === 1 ? 'COVID-19;' : "patient's")).join(' ');
    expect(countWords(body)).toBe(300);
    expect(countWords(`${body} 2024 95% 1.5`)).toBe(300);
    expect(countWords(`${body} extra`)).toBe(301);
  });

  it('counts a letter with a combining accent as part of its word (text pasted from PDFs is often decomposed)', () => {
    expect(countWords('naïve café'.normalize('NFD'))).toBe(2);
    expect(countWords('hindi: हिन्दी')).toBe(2);
  });
});
