/**
 * The office's messages with values are catalog texts (issue 32): in English word for word the old
 * English (the `...Messages` functions, kept as the reference) for every kind of value, in Chinese
 * Chinese; the bank account form's field messages (fixed per field) are found by their words.
 */
import { describe, expect, it } from 'vitest';
import type { Text } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import { officeMessages, officeTexts } from '#core/office/access';
import { attendanceMessages, attendanceTexts } from '#core/office/attendance';
import { auditLogMessages, auditLogTexts } from '#core/office/audit-log';
import { exportKinds } from '#core/office/exports';
import { jobMessages, jobTexts } from '#core/office/jobs';
import { officeMessages as transferMessages, transferTexts } from '#core/office/order-by-reference';
import { orderMailKinds, orderMailLabels, resendMessages } from '#core/office/order-mail-kinds';
import { bankAccountSchema } from '#core/office/payment-settings';
import { refundsOwedMessages, refundsOwedTexts } from '#core/office/refunds-owed';
import { resendTexts } from '#core/office/resend-order-mail';
import { ORDER_STATUS, orderStatusNames } from '#core/orders/states';
import { expectChinese } from '../chinese-text';

const to = 'li.wang@example.org';
/** [what, the new text, the old English, the values that stay Latin in Chinese] */
const cases: [string, Text, string, string[]][] = [
  ['idle', officeTexts.idle, officeMessages.idle, []],
  ...[1, 2, 15, 1440].map((m): [string, Text, string, string[]] => [`too many ${m}`, officeTexts.tooMany(m), officeMessages.tooMany(m), []]),
  ['too early', attendanceTexts.tooEarly, attendanceMessages.tooEarly, []],
  ...Object.values(ORDER_STATUS).map((s): [string, Text, string, string[]] => [`not registered ${s}`, attendanceTexts.notRegistered(s), attendanceMessages.notRegistered(orderStatusNames[s]), []]),
  ['no order', auditLogTexts.noOrder('R24-000123'), auditLogMessages.noOrder('R24-000123'), []],
  ['bad check digit', auditLogTexts.badCheckDigit('2400012'), auditLogMessages.badCheckDigit('2400012'), []],
  ...exportKinds.map((k): [string, Text, string, string[]] => [`export ${k}`, jobTexts.exportQueued(k), jobMessages.exportQueued(k), []]),
  ...[1, 5000, 270_900].flatMap((cents): [string, Text, string, string[]][] => [
    [`surplus ${cents}`, transferTexts.transferSurplus(cents), transferMessages.transferSurplus(cents), []],
    [`incomplete ${cents}`, transferTexts.transferIncomplete(cents), transferMessages.transferIncomplete(cents), []],
  ]),
  ['refund recorded', refundsOwedTexts.recorded('US$50.00', 'Wei Zhang, Deutsche Bank, IBAN ending 3000'), refundsOwedMessages.recorded('US$50.00', 'Wei Zhang, Deutsche Bank, IBAN ending 3000'), ['Wei Zhang, Deutsche Bank, IBAN ending 3000']],
  ...orderMailKinds.flatMap((k): [string, Text, string, string[]][] => [
    [`resent ${k}`, resendTexts.sent(k, to), resendMessages.sent(orderMailLabels[k], to), []],
    [`not resent ${k}`, resendTexts.notSent(k, to), resendMessages.notSent(orderMailLabels[k], to), []],
  ]),
];

describe("the office's messages with values", () => {
  it.each(cases)('%s: English word for word, and Chinese', (_what, text, old, latin) => {
    expect(localise('en', text)).toBe(old);
    expectChinese(localise('zh-Hans', text), latin);
  });
  it('write amounts with the currency code, dates in CST with the zone', () => {
    expect(localise('zh-Hans', transferTexts.transferIncomplete(270_900))).toContain('US$2,709.00');
    expect(localise('zh-Hans', attendanceTexts.tooEarly)).toMatch(/2024年11月\d+日 \d\d:\d\d \(UTC\+8\)/);
  });
});

describe("the bank account form's field messages", () => {
  it('are in the catalogs, each in Chinese', () => {
    const empty = bankAccountSchema.safeParse({ beneficiary: ' ', beneficiary_address: 'x'.repeat(301), bank: ' ', bank_address: ' ', account_number: ' ', swift: '', currency: 'EUR' });
    const long = bankAccountSchema.safeParse({ beneficiary: 'x'.repeat(141), beneficiary_address: '', bank: 'x'.repeat(141), bank_address: 'x'.repeat(301), account_number: 'x'.repeat(65), swift: 'DEUTDEFF', currency: 'USD' });
    const messages = [...empty.error!.issues, ...long.error!.issues].map((i) => i.message);
    expect(messages.length).toBeGreaterThanOrEqual(10);
    for (const m of messages) {
      const zh = localise('zh-Hans', m);
      expect(zh, m).not.toBe(m);
      expectChinese(zh);
    }
  });
});
