/**
 * One bank transfer is one statement line, whatever file it comes in (decision 0036). The bank
 * exports the same day as CSV and as CAMT.053; the two files describe a transfer differently
 * (CAMT adds AddtlNtryInf, writes the payer otherwise), so a checksum of the text cannot know
 * them for the same transfer. What can:
 *
 * 1. The bank's own references: CAMT AcctSvcrRef, a CSV column the organiser maps as the bank's
 *    reference (`bank_refs`); and, less sure, the payer's EndToEndId and NtryRef qualified by its
 *    statement's Id (`other_refs`: payers reuse end-to-end ids, and NtryRef is unique only within
 *    one statement). A line CLAIMS each of them, with its amount, currency and date(s), in the
 *    write that stores it; a line of another file that finds its claim taken is that transfer
 *    (`claimMeansSame`: by a bank reference, or by a less sure one and the same order named).
 * 2. Otherwise, a line that agrees with a line of another file on date (booking or value date),
 *    amount, currency and reference (the payment reference in its text, else its payer) is HELD
 *    for an organiser's decision ("possible duplicate of line N of file F") instead of being
 *    booked (`possiblySameTransfer`). Two lines of one file are never held against each other
 *    (two equal transfers on one day), nor two lines whose own bank references of the same file
 *    format differ (the bank says they are two transfers).
 *
 * The check of `npm run reconcile` (`transfersBookedTwice`) applies the same rule to what was
 * booked: two booked lines of different files that are one transfer are reported, unless an
 * organiser decided the later one was a transfer of its own.
 */
import { findReference } from './statement-match';

/** What the rules read of a stored line. */
export interface LineFacts {
  id: string;
  import_id: string;
  /** The format of the file it came in (lines stored before it was recorded: unknown). */
  format?: 'csv' | 'camt053';
  row: number;
  date: string;
  value_date?: string;
  amount: number;
  currency: string;
  payer: string;
  text: string;
  bank_refs?: string[];
  other_refs?: string[];
}

/** The dates a line was booked or valued on: a CSV may give either, CAMT gives both. */
export const datesOf = (l: Pick<LineFacts, 'date' | 'value_date'>) => (l.value_date && l.value_date !== l.date ? [l.date, l.value_date] : [l.date]);

/** The keys a line claims with its references (one per reference and date). */
export const claimKeys = (l: Pick<LineFacts, 'bank_refs' | 'other_refs' | 'amount' | 'currency' | 'date' | 'value_date'>) =>
  [...new Set([...(l.bank_refs ?? []), ...(l.other_refs ?? [])])].flatMap((ref) => datesOf(l).map((date) => `${ref}|${date}|${l.amount}|${l.currency}`));

/** The keys under which lines that may be one transfer meet (one per date): the import looks there. */
export const matchKeys = (l: Pick<LineFacts, 'amount' | 'currency' | 'date' | 'value_date'>) => datesOf(l).map((date) => `${date}|${l.amount}|${l.currency}`);

const compact = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** What the payer wrote to say what the money is for: the payment reference, or what looks like one, or who paid. */
export function referenceKey(l: Pick<LineFacts, 'text' | 'payer'>): string {
  const found = findReference(l.text);
  if (found.kind === 'found') return `ref:${found.reference}`;
  if (found.kind === 'several') return `refs:${found.references.join(',')}`;
  if (found.kind === 'check-digit') return `written:${compact(found.written)}`;
  return `payer:${compact(l.payer)}`;
}

/**
 * Whether the line of another file that took one of `line`'s claims (same reference, amount,
 * currency and date) is that transfer: surely when they share a bank reference, else when they
 * also name the same order (or payer).
 */
export function claimMeansSame(line: Pick<LineFacts, 'bank_refs' | 'text' | 'payer'>, other: Pick<LineFacts, 'bank_refs' | 'text' | 'payer'>): boolean {
  if ((line.bank_refs ?? []).some((r) => (other.bank_refs ?? []).includes(r))) return true;
  return referenceKey(line) === referenceKey(other);
}

/**
 * Whether two lines may be one transfer: of different files, the same amount and currency, a
 * date in common, and either a bank reference in common, or (unless both carry bank references
 * of the same file format, which differ) the same `key` (the reference they name when read, the
 * order they were booked to when booked).
 */
export function possiblySameTransfer<T extends LineFacts>(a: T, b: T, key: (l: T) => string | undefined = referenceKey): boolean {
  if (a.id === b.id || a.import_id === b.import_id) return false;
  if (a.amount !== b.amount || a.currency !== b.currency) return false;
  const dates = datesOf(b);
  if (!datesOf(a).some((d) => dates.includes(d))) return false;
  const refsA = a.bank_refs ?? [];
  const refsB = b.bank_refs ?? [];
  if (refsA.some((r) => refsB.includes(r))) return true;
  if (refsA.length > 0 && refsB.length > 0 && a.format !== undefined && a.format === b.format) return false;
  const ka = key(a);
  return ka !== undefined && ka === key(b);
}

// ---------------------------------------------------------------------------------------------
// The reconciliation's check

export const statementRules = {
  'transfer-booked-once':
    'A bank transfer is booked from one statement line: two booked lines of different files that are one transfer (a bank reference in common, or the same date, amount, currency and order) are reported, unless an organiser booked the later one as a transfer of its own.',
} as const;

/** A booked line as the check reads it. */
export interface BookedLine extends LineFacts {
  state: string;
  order_id?: string;
  order_no?: string;
  payment_id?: string;
  /** An organiser looked at it as a possible duplicate and booked it as a transfer of its own. */
  kept_distinct?: unknown;
}

const money = (l: Pick<LineFacts, 'amount' | 'currency'>) => `${(l.amount / 100).toFixed(2)} ${l.currency}`;

/**
 * Transfers booked from two lines (`npm run reconcile`, the office's reconciliation): for each
 * order, its booked lines compared pairwise by `possiblySameTransfer` with the order as the key.
 * `fileName` names the import a line came in.
 */
export function transfersBookedTwice(lines: Iterable<BookedLine>, fileName: (importId: string) => string | undefined) {
  const byOrder = new Map<string, BookedLine[]>();
  for (const l of lines) {
    if (l.state !== 'booked' || !l.order_id) continue;
    byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
  }
  const out: { order_id: string; payment_id?: string; rule: keyof typeof statementRules; detail: string }[] = [];
  const where = (l: BookedLine) => `line ${l.row} of ${fileName(l.import_id) ?? `import ${l.import_id.slice(0, 12)}`}`;
  for (const [orderId, booked] of byOrder) {
    booked.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    for (let i = 0; i < booked.length; i++) {
      for (let j = i + 1; j < booked.length; j++) {
        const [a, b] = [booked[i]!, booked[j]!];
        if (a.kept_distinct || b.kept_distinct) continue;
        if (!possiblySameTransfer(a, b, (l) => l.order_id)) continue;
        out.push({
          order_id: orderId,
          ...(b.payment_id ? { payment_id: b.payment_id } : {}),
          rule: 'transfer-booked-once',
          detail: `${where(b)} and ${where(a)} are one bank transfer of ${money(a)} on ${a.date} booked twice (payments ${a.payment_id ?? '?'} and ${b.payment_id ?? '?'})`,
        });
      }
    }
  }
  return out;
}
