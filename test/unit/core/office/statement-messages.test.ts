/**
 * The import's answers are catalog texts with values (given in the reader's language): in English
 * they read word for word as statementResultMessages wrote them.
 */
import { describe, expect, it } from 'vitest';
import { localise } from '#core/i18n/server-messages';
import { text } from '#core/i18n/messages';
import { statementResultMessages as m } from '#core/office/import-statement';

describe("the statement import's answers", () => {
  it.each([
    ['a.csv', 1, 1, 0, 0, 0, 0],
    ['b.csv', 1234, 1000, 200, 34, 1, 1],
    ['c.csv', 2, 0, 2, 0, 5, 3],
    ['d.csv', 0, 0, 0, 0, 1, 0],
  ])('read %s in English as before, and in Chinese', (name, lines, booked, open, known, debits, held) => {
    const values = { name, lines, booked, open, known, debits, held };
    expect(localise('en', text('api.office.import.imported', values))).toBe(m.imported(name, lines, booked, open, known, debits, held));
    expect(localise('zh-Hans', text('api.office.import.imported', values))).toMatch(new RegExp(`^${name.replace('.', '\\.')}：读取入账 ${lines} 行`));
  });
  it('say how far an import went, and that a file came again', () => {
    expect(localise('en', text('api.office.import.continuing', { done: 12345, total: 20000 }))).toBe(m.continuing(12345, 20000));
    expect(localise('en', text('api.office.import.alreadyImported', { name: 'x.csv', day: '2024-08-26' }))).toBe(m.alreadyImported('x.csv', '2024-08-26T02:00:00Z'));
  });
});
