/**
 * Messages with values in the request's language (issue 32): a request with `X-Language: zh-Hans`
 * gets the Chinese of a message built with values, and of a field error with values; a client
 * that names no language gets the English word for word.
 */
import { describe, expect, it } from 'vitest';
import { mailMessages } from '#core/office/mail-jobs';
import { refundAccountMessages } from '#core/orders/refund-account';
import { reviewTeamMessages } from '#core/review/team';
import { call, newDelegate, officeSession, uniqueEmail } from './support';

const T0 = '2024-08-01T02:00:00Z';
const zh = { 'x-language': 'zh-Hans' };

describe('messages with values in Chinese', () => {
  it('names the unknown account of a review role in the request\'s language, under its field too', async () => {
    const office = await officeSession('zh-values', T0);
    const email = uniqueEmail('nobody');
    const json = { email, reviewer_categories: ['registration'], committee: false };
    const english = await call<{ errors: Record<string, string> }>('PUT', '/office/review_team', { token: office.token, at: T0, json });
    expect([english.status, english.body.message, english.body.data.errors.email]).toEqual([422, reviewTeamMessages.noAccount(email), reviewTeamMessages.noAccount(email)]);
    const chinese = await call<{ errors: Record<string, string> }>('PUT', '/office/review_team', { token: office.token, at: T0, json, headers: zh });
    const words = `没有账号使用 ${email}：请此人先在网站上注册（并激活账号）。`;
    expect([chinese.status, chinese.body.message, chinese.body.data.errors.email]).toEqual([422, words, words]);

    const mail = { filter: 'paid', purpose: 'announcement', subject: 'Hi {name}', text: 'Dear {first_name}' };
    const bad = await call<{ errors: Record<string, string> }>('POST', '/office/mail', { token: office.token, at: T0, json: mail, headers: zh });
    expect([bad.status, bad.body.data.errors.subject]).toEqual([422, '{name} 不是占位符：请使用 {first_name}、{order_no} 或 {amount}。']);
    const badEnglish = await call<{ errors: Record<string, string> }>('POST', '/office/mail', { token: office.token, at: T0, json: mail });
    expect(badEnglish.body.data.errors.subject).toBe(mailMessages.unknownPlaceholder('name'));
  });

  it("says what is wrong with a delegate's IBAN in the request's language", async () => {
    const d = await newDelegate('zh-iban');
    const json = { holder: 'Wei Zhang', account: 'DE89 3704 0044 0532 0130', bank: 'Deutsche Bank', bic: 'DEUTDEFF' };
    const chinese = await call<{ errors: Record<string, string> }>('PUT', '/registration/refund_account', { token: d.token, at: T0, json, headers: zh });
    expect([chinese.status, chinese.body.data.errors.account]).toEqual([422, 'DE 的 IBAN 为 22 位。请核对。']);
    const english = await call<{ errors: Record<string, string> }>('PUT', '/registration/refund_account', { token: d.token, at: T0, json });
    expect(english.body.data.errors.account).toBe(refundAccountMessages.ibanLength('DE', 22));
  });
});
