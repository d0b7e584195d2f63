/**
 * The office mail's messages with values are catalog texts (issue 32): the confirmation's counts,
 * an unknown placeholder under its field (the schema's issue carries the text), the unsubscribe
 * answers; English word for word the old words, Chinese given.
 */
import { describe, expect, it } from 'vitest';
import type { Text } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import { mailJobSchema, mailMessages } from '#core/office/mail-jobs';
import { mailConfirmationMessages, mailConfirmationTexts } from '#core/office/send-mail';
import { toErrorAnswer } from '#lib/http/errors';
import { expectChinese } from '../chinese-text';

const counts = [0, 1, 2, 999, 2709, 120_000];
const cases: [string, Text, string][] = counts.flatMap((n): [string, Text, string][] => [
  [`count changed ${n}`, mailConfirmationTexts.countChanged(n), mailConfirmationMessages.countChanged(n)],
  [`sending ${n}`, mailConfirmationTexts.sending(n), mailConfirmationMessages.sending(n)],
]);

describe("the office mail's messages with values", () => {
  it.each(cases)('%s: English word for word, and Chinese', (_what, text, old) => {
    expect(localise('en', text)).toBe(old);
    expectChinese(localise('zh-Hans', text));
  });
  it('say an unknown placeholder under its field in the reader\'s language, the same words in English', () => {
    const parsed = mailJobSchema.safeParse({ filter: 'paid', purpose: 'announcement', subject: 'Hello {name}', text: 'Dear {first_name}, {vorname}' });
    expect(parsed.success).toBe(false);
    const en = toErrorAnswer(parsed.error, 'r1', 'en');
    expect(en.envelope.data).toEqual({ errors: { subject: mailMessages.unknownPlaceholder('name'), text: mailMessages.unknownPlaceholder('vorname') } });
    expect(en.envelope.message).toBe('{name} is not a placeholder: use {first_name}, {order_no} or {amount}.');
    const zh = toErrorAnswer(parsed.error, 'r1', 'zh-Hans');
    expect(zh.envelope.message).toBe('{name} 不是占位符：请使用 {first_name}、{order_no} 或 {amount}。');
    expect((zh.envelope.data as { errors: Record<string, string> }).errors.text).toBe('{vorname} 不是占位符：请使用 {first_name}、{order_no} 或 {amount}。');
  });
  it('give the unsubscribe answers in Chinese', () => {
    for (const m of [mailMessages.unsubscribed, mailMessages.unsubscribeInvalid, mailMessages.preferencesSaved]) expectChinese(localise('zh-Hans', m));
  });
});
