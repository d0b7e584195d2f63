/**
 * The bank transfer reference of an order: `IACR24-000123-7`, its number and a check digit
 * (Damm's algorithm), so that a mistyped reference (any single wrong digit, any two neighbouring
 * digits swapped) is recognised as such when the registration office matches transfers.
 */
import { registration2024 } from '../config/conference';

const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

export function dammDigit(digits: string): number {
  let interim = 0;
  for (const d of digits) interim = DAMM[interim]![Number(d)]!;
  return interim;
}

const pad = (n: number) => String(n).padStart(6, '0');

/** The order number shown to delegates and the office: R24-000123. */
export const orderNumber = (sequence: number) => `R24-${pad(sequence)}`;

export function transferReference(sequence: number): string {
  return `${registration2024.transferReferencePrefix}-${pad(sequence)}-${dammDigit(pad(sequence))}`;
}

/**
 * The order sequence a reference names, read as a bank statement might carry it (spaces,
 * lower case, missing dashes), or null when it is not a valid reference (wrong check digit).
 */
export function parseTransferReference(text: string): number | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const m = new RegExp(`^${registration2024.transferReferencePrefix}(\\d{6})(\\d)$`).exec(compact);
  if (!m || dammDigit(m[1]! + m[2]!) !== 0) return null;
  return Number(m[1]);
}
