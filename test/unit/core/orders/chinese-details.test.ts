/**
 * The Unified Social Credit Code's check character (GB 32100-2015) and names in Chinese
 * characters (issue 32).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isUnifiedSocialCreditCode, normaliseCreditCode } from '#core/orders/fapiao';
import { chineseName, isChineseName } from '#core/orders/chinese-names';
import { step3Schema } from '#core/orders/schemas';
import { orderMessages } from '#core/orders/messages';
import { personName } from '#core/documents/names';

const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** The check character written out from the standard's formula, independently of the code under test. */
const withCheck = (first17: string) => {
  const sum = [...first17].reduce((s, c, i) => s + CHARS.indexOf(c) * WEIGHTS[i]!, 0);
  return first17 + CHARS[(31 - (sum % 31)) % 31];
};

describe('the Unified Social Credit Code', () => {
  it('takes real codes and refuses the same with another check character', () => {
    for (const code of ['91350100M000100Y43', '91110000600037341L']) {
      expect(isUnifiedSocialCreditCode(code), code).toBe(true);
      const other = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
      expect(isUnifiedSocialCreditCode(other), other).toBe(false);
    }
  });
  it('reads a code as people copy it (spaces, dashes, small letters)', () => {
    expect(normaliseCreditCode('9135 0100-m000 100y43')).toBe('91350100M000100Y43');
    expect(isUnifiedSocialCreditCode('9135 0100 m000 100y43')).toBe(true);
  });
  it('refuses wrong lengths and the letters the code never uses (I, O, S, V, Z)', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100Y433')).toBe(false);
    for (const letter of 'IOSVZ') expect(isUnifiedSocialCreditCode(withCheck(`9135010${letter}M000100Y4`).replace(/.$/, '0'))).toBe(false);
  });
  it('takes every code whose last character is the check of the others, and no other last character', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { minLength: 17, maxLength: 17 }), fc.constantFrom(...CHARS), (chars, last) => {
        const code = withCheck(chars.join(''));
        expect(isUnifiedSocialCreditCode(code)).toBe(true);
        if (last !== code[17]) expect(isUnifiedSocialCreditCode(code.slice(0, 17) + last)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a name in Chinese characters', () => {
  it('is written family name first without a space, and is null when not given', () => {
    expect(chineseName({ family_name_in_chinese: '欧阳', given_name_in_chinese: '修' })).toBe('欧阳修');
    expect(chineseName({ family_name_in_chinese: ' 王 ', given_name_in_chinese: '小 明' })).toBe('王小明');
    expect(chineseName({ family_name_in_chinese: '', given_name_in_chinese: '' })).toBeNull();
    expect(chineseName({})).toBeNull();
  });
  it('follows the Latin name on documents, in brackets; a name given in Chinese only is written as before', () => {
    expect(personName({ first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明' })).toBe('Xiaoming Wang (王小明)');
    expect(personName({ first_name: 'Xiaoming', last_name: 'Wang' })).toBe('Xiaoming Wang');
    expect(personName({ first_name: '小明', last_name: '王', family_name_in_chinese: '王', given_name_in_chinese: '小明' })).toBe('王小明');
  });
  it('takes Chinese characters and the middle dot of transcribed names only', () => {
    expect(isChineseName('阿依古丽·买买提')).toBe(true);
    expect(isChineseName('王 小明')).toBe(true);
    expect(isChineseName('Wang')).toBe(false);
    expect(isChineseName('王1')).toBe(false);
  });
  it('is both parts or neither on the order', () => {
    const base = { title: 'Dr.', first_name: 'Xiaoming', last_name: 'Wang', organization: 'NCC', position: 'Dr', primary_address_country: 'China', primary_email: 'a@example.org', morning_workshop: 0, afternoon_workshop: 0, welcome_reception: 0, gala_dinner: 0 };
    const messages = (extra: object) => step3Schema.safeParse({ ...base, ...extra }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(messages({})).toEqual([]);
    expect(messages({ family_name_in_chinese: '王', given_name_in_chinese: '小明' })).toEqual([]);
    expect(messages({ given_name_in_chinese: '小明' })).toEqual([['family_name_in_chinese', orderMessages.chineseNameBoth]]);
    expect(messages({ family_name_in_chinese: 'Wang', given_name_in_chinese: '小明' })).toEqual([['family_name_in_chinese', orderMessages.chineseName]]);
  });
});
