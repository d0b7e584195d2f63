/**
 * The registration's messages with values are catalog texts (issue 32): a count above its most,
 * an IBAN's country and length (under their fields, the schema's issue carrying the text), the
 * office's refund above what is left, a registration cancelled with its refund; English word for
 * word the old words, Chinese given. And the fapiao list's status filter is in the catalogs.
 */
import { describe, expect, it } from 'vitest';
import { registration2024 } from '#core/config/conference';
import { text, type Text } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import { officeFapiaoQuery } from '#core/office/fapiao';
import { orderMessages, orderTexts } from '#core/orders/messages';
import { orderResultMessages } from '#core/orders/order-deps';
import { refundAccountMessages, refundAccountSchema } from '#core/orders/refund-account';
import { step2Schema } from '#core/orders/schemas';
import { cancelMessages, cancelTexts } from '#core/registration-by-category/cancel-registration';
import { formatMoney } from '#core/money';
import { toErrorAnswer } from '#lib/http/errors';
import { expectChinese } from '../chinese-text';

const cases: [string, Text, string][] = [
  ...[1, 10, 2709].map((max): [string, Text, string] => [`at most ${max}`, orderTexts.tooMany(max), orderMessages.tooMany(max)]),
  ...[0, 5000, 270_900].flatMap((cents): [string, Text, string][] => [
    [`refund above left ${cents}`, text('api.office.cancel.refundAboveLeft', { left: formatMoney(cents) }), orderResultMessages.refundAboveLeft(cents)],
    [`cancelled with refund ${cents}`, cancelTexts.cancelledWithRefund(cents), cancelMessages.cancelledWithRefund(cents)],
  ]),
];

const errorsOf = (error: unknown, lang: 'en' | 'zh-Hans') => (toErrorAnswer(error, 'r1', lang).envelope.data as { errors: Record<string, string> }).errors;

describe("the registration's messages with values", () => {
  it.each(cases)('%s: English word for word, and Chinese', (_what, t, old) => {
    expect(localise('en', t)).toBe(old);
    expectChinese(localise('zh-Hans', t));
  });
  it('say a count above its most under its field, in the reader\'s language', () => {
    const max = registration2024.maxAccompanyingPersons;
    const parsed = step2Schema.safeParse({ rate: 1, accompanying_person: max + 1 });
    expect(errorsOf(parsed.error, 'en').accompanying_person).toBe(orderMessages.tooMany(max));
    expect(errorsOf(parsed.error, 'zh-Hans').accompanying_person).toBe(`最多 ${max}。`);
  });
  it.each([
    ['XX12 3456 7890', 'XX', refundAccountMessages.ibanCountry('XX'), '“XX”不是银行使用 IBAN 的国家。请检查前两个字母，或改为填写账号。'],
    ['DE89 3704 0044 0532 0130', 'DE', refundAccountMessages.ibanLength('DE', 22), 'DE 的 IBAN 为 22 位。请核对。'],
  ])('say an IBAN of %s is wrong under its field, in the reader\'s language', (account, _country, english, chinese) => {
    const parsed = refundAccountSchema.safeParse({ holder: 'Li Wang', account, bank: 'Bank of China', bic: 'BKCHCNBJ' });
    expect(errorsOf(parsed.error, 'en').account).toBe(english);
    expect(errorsOf(parsed.error, 'zh-Hans').account).toBe(chinese);
  });
  it("give the fapiao list's status filter in Chinese", () => {
    const parsed = officeFapiaoQuery.safeParse({ status: 'lost' });
    expect(errorsOf(parsed.error, 'en').status).toBe('status is requested or issued.');
    expectChinese(errorsOf(parsed.error, 'zh-Hans').status!, ['status', 'requested', 'issued']);
  });
});
