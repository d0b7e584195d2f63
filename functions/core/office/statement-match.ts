/**
 * Finding an order's payment reference in a statement line's free text, as payers write it:
 * any case, spaces, dashes, dots, slashes or nothing between its parts ("iacr24 000123 7",
 * "IACR24000123-7", "payment IACR-24-000123-7 thanks"), with text around it. The check digit
 * (Damm, orders/reference.ts) is verified: a reference with a mistyped or missing digit is
 * reported as such, never guessed.
 */
import { registration2024 } from '../config/conference';
import { dammDigit, transferReference } from '../orders/reference';

export type ReferenceFound =
  | { kind: 'found'; sequence: number; reference: string }
  | { kind: 'check-digit'; written: string }
  | { kind: 'several'; references: string[] }
  | { kind: 'none' };

const SEP = '[\\s\\-_./:#,;]*';
const prefixPattern = registration2024.transferReferencePrefix.split('').join(SEP);
/** The prefix (also glued to the word before it, as some banks join remittance lines), then 6 digits of the order and its check digit (or none), not followed by another digit. */
const candidate = new RegExp(`${prefixPattern}${SEP}((?:\\d${SEP}){5}\\d)(?:${SEP}(\\d))?(?!\\d)`, 'gi');

const digitsOf = (s: string) => s.replace(/\D/g, '');

export function findReference(text: string): ReferenceFound {
  const valid = new Map<number, string>();
  let wrong: string | undefined;
  for (const m of text.matchAll(candidate)) {
    const number = digitsOf(m[1]!);
    const check = m[2];
    if (check !== undefined && dammDigit(number + check) === 0) {
      const sequence = Number(number);
      valid.set(sequence, transferReference(sequence));
    } else {
      wrong ??= m[0].trim();
    }
  }
  if (valid.size === 1) {
    const [sequence, reference] = [...valid][0]!;
    return { kind: 'found', sequence, reference };
  }
  if (valid.size > 1) return { kind: 'several', references: [...valid.values()] };
  if (wrong !== undefined) return { kind: 'check-digit', written: wrong };
  return { kind: 'none' };
}

/**
 * What an organiser types to find an order for a line: an order number (R24-000123, 000123,
 * 123), a payment reference (its check digit is not needed here: the order number is in it), or
 * an e-mail address (exact).
 */
export function parseOrderSearch(q: string): { kind: 'sequence'; sequence: number } | { kind: 'email'; email: string } | { kind: 'none' } {
  const term = q.trim();
  if (term.includes('@')) return { kind: 'email', email: term.toLowerCase() };
  const compact = term.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const prefix = registration2024.transferReferencePrefix;
  const m = new RegExp(`^(?:${prefix}(\\d{6})\\d?|R24(\\d{1,6})|(\\d{1,6}))$`).exec(compact);
  const digits = m ? (m[1] ?? m[2] ?? m[3]) : undefined;
  if (!digits || Number(digits) === 0) return { kind: 'none' };
  return { kind: 'sequence', sequence: Number(digits) };
}
