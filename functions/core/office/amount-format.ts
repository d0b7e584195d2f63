/**
 * How a bank file writes its amounts: which character separates the cents (the decimal
 * separator) and which, if any, groups the thousands. It is a property of the FILE, never guessed
 * amount by amount: "0.650" is 0.65 in a file that writes 1,234.56 and 650.00 in one that writes
 * 1.234,56 (decision 0037). The organiser's column mapping says which (remembered with it); for a
 * new file the page proposes what the file's unambiguous amounts show (`inferAmountFormat`), and
 * an amount that does not fit the file's format refuses the file, naming its line.
 *
 * Pure: the import (server) and the office page (browser) use the same code.
 */

export const decimalSeparators = ['.', ','] as const;
export type DecimalSeparator = (typeof decimalSeparators)[number];
/** '' : no grouping; ' ' stands for any space (a no-break and a narrow no-break space too, as banks write them). */
export const groupingSeparators = ['', ',', '.', ' ', "'"] as const;
export type GroupingSeparator = (typeof groupingSeparators)[number];

export interface AmountFormat {
  decimal: DecimalSeparator;
  grouping: GroupingSeparator;
}

/** The formats banks export, as the office page offers them (the example is 1234.56 in each). */
export const amountFormats: readonly AmountFormat[] = [
  { decimal: '.', grouping: ',' },
  { decimal: ',', grouping: '.' },
  { decimal: ',', grouping: '' },
  { decimal: ',', grouping: ' ' },
  { decimal: '.', grouping: "'" },
  { decimal: '.', grouping: '' },
  { decimal: '.', grouping: ' ' },
];

/** What a file of amounts in format `f` writes for 1234.56: "1,234.56", "1.234,56", "1 234,56". */
export const amountFormatExample = (f: AmountFormat) => formatAmount(123456, f);

/** The id of a format in forms: "." + "," -> ".,", "," + "" -> ",". */
export const amountFormatId = (f: AmountFormat) => `${f.decimal}${f.grouping}`;
export const amountFormatOfId = (id: string): AmountFormat | undefined => amountFormats.find((f) => amountFormatId(f) === id);

/** Cents written in format `f` with two decimals (grouped every three digits when the format groups). */
export function formatAmount(cents: number, f: AmountFormat, decimals = 2): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const grouped = f.grouping ? whole.replace(/\B(?=(\d{3})+$)/g, f.grouping) : whole;
  const fraction = decimals > 0 ? `${f.decimal}${String(abs % 100).padStart(2, '0').padEnd(decimals, '0')}` : '';
  return `${cents < 0 ? '-' : ''}${grouped}${fraction}`;
}

/** Spaces banks put in amounts (and around them): space, no-break space, narrow no-break space, thin space. */
const SPACES = /[\s\u00a0\u202f\u2009]/g;
const CURRENCY = /^(US\$|USD|\$|CNY|RMB|¥|EUR|€)|(USD|CNY|RMB|EUR)$/gi;

/** The amount without currency and sign: `digits` to read, and whether it is money out. */
function unsigned(value: string): { digits: string; negative: boolean } | null {
  let v = value.trim().replace(CURRENCY, '').trim();
  let negative = false;
  if (/^\(.*\)$/.test(v)) [negative, v] = [true, v.slice(1, -1).trim()];
  if (v.startsWith('-')) [negative, v] = [true, v.slice(1)];
  else if (v.endsWith('-')) [negative, v] = [true, v.slice(0, -1)];
  else if (v.startsWith('+')) v = v.slice(1);
  v = v.trim().replace(SPACES, ' ');
  if (!/^\d[\d.,' ]*$/.test(v) || /[.,' ]$/.test(v)) return null;
  return { digits: v, negative };
}

export type AmountReading = { ok: true; cents: number } | { ok: false; why: 'format' | 'decimals' | 'size' };

const escape = (c: string) => c.replace(/[.\\]/g, '\\$&');

/**
 * An amount in cents (negative for money out) as the file's format writes it: "1,234.56",
 * "-250.00", "250.00-", "(250.00)", "US$ 650.00", "+650". Grouping is optional but, where used,
 * must group by three; decimals beyond the second must be zeros ("0.650" is 0.65; "0.655" is not
 * an amount in cents). A formula or any other text does not fit.
 */
export function readAmount(value: string, f: AmountFormat): AmountReading {
  const u = unsigned(value);
  if (!u) return { ok: false, why: 'format' };
  const d = escape(f.decimal);
  const g = f.grouping === '' ? null : escape(f.grouping);
  const whole = g ? `(?:[1-9]\\d{0,2}(?:${g}\\d{3})+|\\d+)` : '\\d+';
  const m = new RegExp(`^(${whole})(?:${d}(\\d+))?$`).exec(u.digits);
  if (!m) return { ok: false, why: 'format' };
  const units = m[1]!.replace(/\D/g, '');
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return { ok: false, why: 'decimals' };
  if (units.replace(/^0+/, '').length > 10) return { ok: false, why: 'size' };
  const cents = Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return { ok: true, cents: u.negative ? -cents : cents };
}

/**
 * An amount as CAMT.053 writes it (ISO 20022 ActiveOrHistoricCurrencyAndAmount, an xs:decimal:
 * digits, a point, up to five decimals; the sign is in CdtDbtInd): "650.00", "0.650", "650".
 */
export function readCamtAmount(value: string): AmountReading {
  const m = /^\+?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m || (m[1] === '' && !m[2])) return { ok: false, why: 'format' };
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return { ok: false, why: 'decimals' };
  const units = (m[1] || '0').replace(/^0+(?=\d)/, '');
  if (units.length > 10) return { ok: false, why: 'size' };
  return { ok: true, cents: Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) };
}

/** What one amount shows of its file's format: the decimal separator, the grouping one, both, or nothing. */
interface Clue {
  decimal?: DecimalSeparator;
  grouping?: GroupingSeparator;
  /** One "." or "," followed by three digits ("1,040", "650.000"): either a decimal or a grouping separator. */
  ambiguous?: boolean;
}

function clueOf(value: string): Clue | null {
  const u = unsigned(value);
  if (!u) return null;
  const v = u.digits;
  const has = (c: string) => v.includes(c);
  const other = (c: DecimalSeparator): DecimalSeparator => (c === '.' ? ',' : '.');
  const spaced: GroupingSeparator | undefined = has(' ') ? ' ' : has("'") ? "'" : undefined;
  if (has('.') && has(',')) {
    const decimal: DecimalSeparator = v.lastIndexOf('.') > v.lastIndexOf(',') ? '.' : ',';
    return { decimal, grouping: other(decimal) };
  }
  const mark = has('.') ? '.' : has(',') ? ',' : undefined;
  if (!mark) return spaced ? { grouping: spaced } : null;
  const count = v.split(mark).length - 1;
  if (count > 1) return { decimal: other(mark), grouping: mark };
  const after = v.length - v.lastIndexOf(mark) - 1;
  // A decimal separator: not three digits after it, or a whole part a thousands group cannot have ("0.650").
  if (after !== 3 || /^0/.test(v) || spaced) return { decimal: mark, ...(spaced ? { grouping: spaced } : {}) };
  return { ambiguous: true };
}

export type InferredFormat =
  /** The file's amounts say it: `evidence` is the first amount that does. */
  | { kind: 'known'; format: AmountFormat; evidence: { line: number; value: string } }
  /** No amount has a separator: every format reads them the same. */
  | { kind: 'none' }
  /** Some amount could be read two ways and none says which (e.g. only "1,040"). */
  | { kind: 'ambiguous'; example: { line: number; value: string } }
  /** Two amounts say different things (e.g. "1,234.56" and "1.234,56"). */
  | { kind: 'conflict'; a: { line: number; value: string }; b: { line: number; value: string } };

/**
 * The format a file's amounts show (decision 0037): the decimal separator from the amounts that
 * can only be read one way (both separators, a separator used twice, not three digits after it,
 * "0.650"); the grouping separator from the amounts that group. Amounts that are not amounts
 * (a formula, text) say nothing here: the import refuses them by their line.
 */
export function inferAmountFormat(cells: readonly { line: number; value: string }[]): InferredFormat {
  let decimal: { sep: DecimalSeparator; line: number; value: string } | undefined;
  let grouping: { sep: GroupingSeparator; line: number; value: string } | undefined;
  let ambiguous: { line: number; value: string } | undefined;
  for (const cell of cells) {
    const clue = clueOf(cell.value);
    if (!clue) continue;
    if (clue.ambiguous) {
      ambiguous ??= cell;
      continue;
    }
    if (clue.decimal) {
      if (decimal && decimal.sep !== clue.decimal) return { kind: 'conflict', a: { line: decimal.line, value: decimal.value }, b: cell };
      decimal ??= { sep: clue.decimal, ...cell };
    }
    if (clue.grouping) {
      if (grouping && grouping.sep !== clue.grouping) return { kind: 'conflict', a: { line: grouping.line, value: grouping.value }, b: cell };
      grouping ??= { sep: clue.grouping, ...cell };
    }
  }
  if (decimal && grouping && decimal.sep === grouping.sep) return { kind: 'conflict', a: { line: decimal.line, value: decimal.value }, b: { line: grouping.line, value: grouping.value } };
  if (!decimal) {
    if (ambiguous) return { kind: 'ambiguous', example: ambiguous };
    if (!grouping) return { kind: 'none' };
    // Only grouped whole amounts ("1 234"): the decimal separator is whichever the grouping is not.
    const point = grouping.sep === ',' || grouping.sep === "'";
    return { kind: 'known', format: { decimal: point ? '.' : ',', grouping: grouping.sep }, evidence: { line: grouping.line, value: grouping.value } };
  }
  // "1,040" in a file that writes its cents with a point groups by ",": the format says so.
  const otherMark: GroupingSeparator = decimal.sep === '.' ? ',' : '.';
  const groupsByOther = cells.some((c) => clueOf(c.value)?.ambiguous && c.value.includes(otherMark));
  const implied: GroupingSeparator = grouping?.sep ?? (groupsByOther ? otherMark : '');
  return { kind: 'known', format: { decimal: decimal.sep, grouping: implied }, evidence: { line: decimal.line, value: decimal.value } };
}
