/**
 * The account a bank refund is sent to: an IBAN checked as ISO 13616 says (length by country,
 * mod-97 check digits: every mistyped character and every swap of two neighbours is refused), an
 * account number where banks have none, a SWIFT/BIC; one schema, the form's and the server's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountProblem, bicProblem, paidToText, printedAccount, refundAccountMessages as M, refundAccountOf, refundAccountSchema } from '#core/orders/refund-account';

/** IBANs from the IBAN registry's examples. */
const valid = ['DE89370400440532013000', 'GB82WEST12345698765432', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'CH9300762011623852957', 'NO9386011117947', 'BE68539007547034'];

describe('an IBAN', () => {
  it('is accepted as banks print it (groups of four, lower case)', () => {
    for (const iban of valid) expect(accountProblem(iban)).toBeUndefined();
    expect(accountProblem('de89 3704 0044 0532 0130 00')).toBeUndefined();
  });

  it('with any one digit mistyped is refused (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), fc.constantFrom(...'0123456789'), (iban, at, c) => {
        const i = 2 + (at % (iban.length - 2));
        fc.pre(iban[i] !== c && /\d/.test(iban[i]!));
        expect(accountProblem(iban.slice(0, i) + c + iban.slice(i + 1))).toBeDefined();
      }),
    );
  });

  it('with two neighbours swapped is refused (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), (iban, at) => {
        const i = 4 + (at % (iban.length - 5));
        fc.pre(iban[i] !== iban[i + 1]);
        expect(accountProblem(iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2))).toBe(M.ibanCheck);
      }),
    );
  });

  it('says what is wrong: the country, the length, the check digits', () => {
    expect(accountProblem('XX89370400440532013000')).toBe(M.ibanCountry('XX'));
    expect(accountProblem('DE8937040044053201300')).toBe(M.ibanLength('DE', 22));
    expect(accountProblem('DE88370400440532013000')).toBe(M.ibanCheck);
  });
});

describe('an account number, a SWIFT/BIC, the whole form', () => {
  it('takes an account number of a country without IBAN (China, the United States), refuses other text', () => {
    expect(accountProblem('6222 0202 0000 1234 567')).toBeUndefined();
    expect(accountProblem('000123456789')).toBeUndefined();
    expect(accountProblem('12')).toBe(M.account);
    expect(accountProblem('12345/678')).toBe(M.account);
  });

  it('takes a BIC of 8 or 11 characters, refuses others', () => {
    expect(bicProblem('BKCHCNBJ')).toBeUndefined();
    expect(bicProblem('deut de ff 500')).toBeUndefined();
    expect(bicProblem('BKCHCNB')).toBe(M.bic);
    expect(bicProblem('BKCH12BJ')).toBe(M.bic);
  });

  it('names each field wrong, and stores the account compact; mails say only its last four characters', () => {
    const bad = refundAccountSchema.safeParse({ holder: ' ', account: 'DE88370400440532013000', bank: '', bic: 'X' });
    expect(bad.success).toBe(false);
    const byField = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ holder: M.holder, bank: M.bank, account: M.ibanCheck, bic: M.bic });
    const ok = refundAccountSchema.parse({ holder: ' Wei Zhang ', account: 'de89 3704 0044 0532 0130 00', bank: 'Deutsche Bank', bic: 'deutdeff' });
    const stored = refundAccountOf(ok, new Date('2024-08-01T02:00:00Z'));
    expect(stored).toMatchObject({ holder: 'Wei Zhang', account: 'DE89370400440532013000', kind: 'iban', bic: 'DEUTDEFF' });
    expect(printedAccount(stored)).toBe('DE89 3704 0044 0532 0130 00');
    expect(paidToText(stored)).toBe('Wei Zhang, Deutsche Bank, IBAN ending 3000');
  });
});
