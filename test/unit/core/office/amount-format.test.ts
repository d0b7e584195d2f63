/**
 * Amounts as banks export them (issue 29, item 2): property tests round-tripping amounts through
 * every format the office offers (1,234.56 / 1.234,56 / 1234,56 / 1 234,56 / 1'234.56 / 1234.56 /
 * 1 234.56) and CAMT's own decimal, and the format read from a file's amounts never reading an
 * amount other than as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFormatExample, amountFormats, formatAmount, inferAmountFormat, readAmount, readCamtAmount, type AmountFormat } from '#core/office/amount-format';

const cents = fc.oneof(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 100_000, max: 99_999_999_99 }), fc.constantFrom(1, 65, 650, 65_000, 104_000, 123_456, 100_000_000));
const format = fc.constantFrom(...amountFormats);
/** The spaces banks put between groups: space, no-break space, narrow no-break space. */
const space = fc.constantFrom(' ', '\u00a0', '\u202f');
const written = (c: number, f: AmountFormat, s: string, zeros: number) => formatAmount(c, f, 2 + zeros).replaceAll(' ', s);

describe('the formats banks export', () => {
  it('shows each format by its example', () => {
    expect(amountFormats.map(amountFormatExample)).toEqual(['1,234.56', '1.234,56', '1234,56', '1 234,56', "1'234.56", '1234.56', '1 234.56']);
  });

  it('reads back every amount written in a format, grouped or not, with any space, extra zero decimals and any sign convention', () => {
    fc.assert(
      fc.property(cents, format, space, fc.nat({ max: 3 }), fc.boolean(), fc.constantFrom('', '-', 'trailing', 'parens', '+', 'US$ ', ' USD'), (c, f, s, zeros, grouped, sign) => {
        const plain = written(c, grouped ? f : { ...f, grouping: '' }, s, zeros);
        const text = sign === 'trailing' ? `${plain}-` : sign === 'parens' ? `(${plain})` : sign === ' USD' ? `${plain} USD` : `${sign}${plain}`;
        const negative = sign === '-' || sign === 'trailing' || sign === 'parens';
        expect(readAmount(text, f)).toEqual({ ok: true, cents: negative ? -c : c });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every amount CAMT writes: a decimal with a point and up to five decimals', () => {
    fc.assert(
      fc.property(cents, fc.nat({ max: 3 }), (c, zeros) => {
        expect(readCamtAmount(formatAmount(c, { decimal: '.', grouping: '' }, 2 + zeros))).toEqual({ ok: true, cents: c });
        if (c % 100 === 0) expect(readCamtAmount(String(c / 100))).toEqual({ ok: true, cents: c });
      }),
    );
    expect(['0.655', '1,040.00', '1 040.00', '', '.', '-5.00', '1e3'].map((v) => readCamtAmount(v).ok)).toEqual([false, false, false, false, false, false, false]);
  });

  it('refuses formulas, text, a third decimal that is not zero, and a grouping that does not group by three', () => {
    const f = { decimal: '.', grouping: ',' } as const;
    expect(['=1+1', '@SUM(A1)', 'abc', '', '1.2.3', '12,34.56', '0,650', '1,2345.00', '1.234,56', '650.005'].map((v) => readAmount(v, f))).toEqual([
      ...Array(9).fill({ ok: false, why: 'format' }),
      { ok: false, why: 'decimals' },
    ]);
  });

  it('infers from a file of amounts a format that reads each of them as written, or says it cannot', () => {
    fc.assert(
      fc.property(format, fc.array(fc.tuple(cents, fc.boolean(), fc.nat({ max: 2 })), { minLength: 1, maxLength: 12 }), space, (f, amounts, s) => {
        const cells = amounts.map(([c, grouped, zeros], i) => ({ line: i + 2, value: written(c, grouped ? f : { ...f, grouping: '' }, s, zeros), cents: c }));
        const inferred = inferAmountFormat(cells);
        expect(inferred.kind).not.toBe('conflict');
        if (inferred.kind === 'known') for (const cell of cells) expect(readAmount(cell.value, inferred.format), `${cell.value} in ${JSON.stringify(inferred.format)}`).toEqual({ ok: true, cents: cell.cents });
        // An amount with both separators, or cents other than .x00, always tells the format.
        if (cells.some((c) => c.cents % 100 !== 0 && /\d[.,]\d{2}$/.test(c.value))) expect(inferred.kind).toBe('known');
      }),
      { numRuns: 1000 },
    );
  });

  it('says what it found: the first telling amount, an ambiguous one, or two that disagree', () => {
    expect(inferAmountFormat([{ line: 2, value: '1,040' }, { line: 3, value: '0.650' }])).toEqual({ kind: 'known', format: { decimal: '.', grouping: ',' }, evidence: { line: 3, value: '0.650' } });
    expect(inferAmountFormat([{ line: 2, value: '1,040' }])).toEqual({ kind: 'ambiguous', example: { line: 2, value: '1,040' } });
    expect(inferAmountFormat([{ line: 2, value: '650' }])).toEqual({ kind: 'none' });
    expect(inferAmountFormat([{ line: 2, value: '1 234' }])).toEqual({ kind: 'known', format: { decimal: ',', grouping: ' ' }, evidence: { line: 2, value: '1 234' } });
    expect(inferAmountFormat([{ line: 2, value: '650,00' }, { line: 9, value: '1,234.56' }]).kind).toBe('conflict');
  });
});
