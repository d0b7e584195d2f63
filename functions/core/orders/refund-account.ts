/**
 * The account a refund by bank transfer is sent to (issue 29 item 5): the delegate gives it on a
 * form reached from the refund mails and the order list; only organisers see it (the refunds
 * owed, core/office/refunds-owed.ts); it is deleted with the account (a deletion is refused while
 * a refund is still owed, core/accounts/own-data.ts). One per delegate: every bank refund owed
 * to them goes there. The schema is the form's and the server's (one set of messages).
 *
 * An IBAN is checked as ISO 13616 says (its country's length, the mod-97 check digits), so a
 * mistyped digit or two swapped digits are refused before money goes to a stranger; an account
 * number of a country without IBAN (China, the United States ...) is letters and digits; a
 * SWIFT/BIC is 8 or 11 characters (bank, country, place, branch).
 */
import * as z from 'zod/mini';
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { conflict } from '../errors';
import type { Refund } from '../payments/model';
import { formatMoney } from '../money';
import { text as catalogText, type Text } from '../i18n/messages';

export const refundAccountMessages = {
  holder: "Please enter the account holder's name as the bank has it (at most 140 characters).",
  account: 'Please enter the IBAN or, where banks have no IBAN, the account number (letters and digits, 4 to 34).',
  ibanCountry: (country: string) => `"${country}" is not a country whose banks use IBAN. Please check the first two letters, or enter the account number instead.`,
  ibanLength: (country: string, length: number) => `An IBAN of ${country} has ${length} characters. Please check it.`,
  ibanCheck: 'This IBAN is not valid: its check digits do not match (a digit may be mistyped or two swapped). Please check it against your bank statement.',
  bank: "Please enter the bank's name (at most 140 characters).",
  bic: 'Please enter the SWIFT/BIC code: 8 or 11 letters and digits, e.g. BKCHCNBJ or DEUTDEFF500.',
  bicCountry: 'The SWIFT/BIC code has no valid country in its 5th and 6th letters. Please check it.',
  saved: 'Thank you. The registration office will send your refund to this account.',
  nothingOwed: 'You have no refund by bank transfer waiting. A refund by card goes back to the card without this form.',
} as const;

/** IBAN lengths by country (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27,
  GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Spaces, dashes and dots people type in account numbers go; letters to upper case. */
export const compact = (text: string) => text.replace(/[\s\-.]/g, '').toUpperCase();

/** Whether the text is written as an IBAN (two letters, two check digits), however valid. */
export const looksLikeIban = (account: string) => /^[A-Z]{2}\d{2}/.test(compact(account));

/** ISO 7064 mod 97-10 over the IBAN moved and with letters as numbers (A = 10 ... Z = 35): 1 when valid. */
function ibanRemainder(iban: string) {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const c of moved) {
    const value = c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** What is wrong with an IBAN or account number: its words, and the catalog text where it has values (undefined: it is fine). */
function accountCheck(text: string): { message: string; text?: Text } | undefined {
  const account = compact(text);
  if (!looksLikeIban(account)) return /^[A-Z0-9]{4,34}$/.test(account) ? undefined : { message: refundAccountMessages.account };
  const country = account.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!length) return { message: refundAccountMessages.ibanCountry(country), text: catalogText('api.registration.refundIbanCountry', { country }) };
  if (!/^[A-Z0-9]+$/.test(account) || account.length !== length)
    return { message: refundAccountMessages.ibanLength(country, length), text: catalogText('api.registration.refundIbanLength', { country, length: String(length) }) };
  return ibanRemainder(account) === 1 ? undefined : { message: refundAccountMessages.ibanCheck };
}
/** What is wrong with an IBAN or account number (undefined: it is fine). */
export const accountProblem = (text: string): string | undefined => accountCheck(text)?.message;

const BIC = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/;
export function bicProblem(text: string): string | undefined {
  const m = BIC.exec(compact(text));
  if (!m) return refundAccountMessages.bic;
  return /^[A-Z]{2}$/.test(m[1]!) && m[1] !== 'AA' ? undefined : refundAccountMessages.bicCountry;
}

const text = (max: number, message: string) => z.string({ message }).check(z.refine((v) => v.trim().length > 0, message), z.maxLength(max, message));

/** The form (and the API's body): trimmed, the account and BIC compacted. */
export const refundAccountSchema = z
  .object({
    holder: text(140, refundAccountMessages.holder),
    account: text(60, refundAccountMessages.account),
    bank: text(140, refundAccountMessages.bank),
    bic: text(20, refundAccountMessages.bic),
  })
  .check(
    z.superRefine((v, ctx) => {
      const account = accountCheck(v.account);
      if (account) ctx.issues.push({ code: 'custom', path: ['account'], message: account.message, ...(account.text ? { params: { text: account.text } } : {}), input: v.account });
      const bic = bicProblem(v.bic);
      if (bic) ctx.issues.push({ code: 'custom', path: ['bic'], message: bic, input: v.bic });
    }),
  );
export type RefundAccountInput = z.infer<typeof refundAccountSchema>;

/** The account as stored (USER#owner / REFUND_ACCOUNT). */
export interface RefundAccount {
  holder: string;
  /** Compact: no spaces, upper case. */
  account: string;
  kind: 'iban' | 'account';
  bank: string;
  bic: string;
  updated_at: string;
}

export function refundAccountOf(input: RefundAccountInput, at: Date): RefundAccount {
  const account = compact(input.account);
  return { holder: input.holder.trim(), account, kind: looksLikeIban(account) ? 'iban' : 'account', bank: input.bank.trim(), bic: compact(input.bic), updated_at: at.toISOString() };
}

/** An IBAN in groups of four, as banks print it ("DE89 3704 0044 0532 0130 00"). */
export const printedAccount = (a: Pick<RefundAccount, 'account' | 'kind'>) => (a.kind === 'iban' ? a.account.replace(/(.{4})(?=.)/g, '$1 ') : a.account);

/**
 * Where a refund went, as mails and credit notes say it (never the whole number): the holder, the
 * bank and the account's last four characters. The office confirms this text before recording.
 */
export const paidToText = (a: Pick<RefundAccount, 'holder' | 'bank' | 'account' | 'kind'>) => `${a.holder}, ${a.bank}, ${a.kind === 'iban' ? 'IBAN' : 'account'} ending ${a.account.slice(-4)}`;

export interface RefundAccountStore {
  get(ownerId: string): Promise<RefundAccount | undefined>;
  /** Stores the account with its audit entry (who gave it, and the masked account: never the number). */
  put(ownerId: string, account: RefundAccount, audit: AuditEntry): Promise<void>;
}

/** The bank refunds owed to a delegate (refunds by bank transfer not sent yet), with their orders. */
export interface OwedToDelegate {
  order_no: string;
  amount: string;
  reason: Refund['reason'];
  since: string;
}

export const owedRefunds = (refunds: readonly Refund[]) => refunds.filter((r) => r.method === 'transfer' && (r.state === 'created' || r.state === 'pending'));

/** Why a refund is owed, in the words the office and the delegate read. */
export const refundReasonText: Record<Refund['reason'], string> = {
  cancellation: 'Cancellation',
  surplus: 'Paid more than the order costs',
  external: 'Refund made at the card provider',
};

export interface RefundAccountDeps {
  accounts: RefundAccountStore;
  /** The delegate's orders' bank refunds owed (one Query of the ledger). */
  owed(ownerId: string): Promise<OwedToDelegate[]>;
}

/** GET: the refunds owed to the delegate by bank transfer and the account on file (the delegate's own, in full). */
export async function readRefundAccount(deps: RefundAccountDeps, ownerId: string) {
  const [account, owed] = await Promise.all([deps.accounts.get(ownerId), deps.owed(ownerId)]);
  return {
    owed,
    account: account ? { holder: account.holder, account: printedAccount(account), bank: account.bank, bic: account.bic, updated_at: account.updated_at } : null,
  };
}

/** PUT: the delegate gives (or corrects) the account; only while a refund by bank transfer is owed to them. */
export async function saveRefundAccount(deps: RefundAccountDeps, actor: Actor, ownerId: string, input: RefundAccountInput, now: Date) {
  const owed = await deps.owed(ownerId);
  if (owed.length === 0) throw conflict(refundAccountMessages.nothingOwed);
  const account = refundAccountOf(input, now);
  await deps.accounts.put(ownerId, account, auditEntry({ action: 'refund_account.saved', actor, at: now, object: { type: 'account', id: ownerId }, after: { paid_to: paidToText(account) } }));
  return { message: refundAccountMessages.saved, data: await readRefundAccount(deps, ownerId) };
}

/** What each refund owed says (order number and amount). */
export const owedOf = (orderNo: string, refund: Refund): OwedToDelegate => ({ order_no: orderNo, amount: formatMoney(refund.amount), reason: refund.reason, since: refund.created_at });
