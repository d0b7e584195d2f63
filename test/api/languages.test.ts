/**
 * The API's messages in the request's language (issue 32, decision 0058): the site's client names
 * it in `X-Language`; a client that names none gets the spec's English word for word, and a
 * browser's own Accept-Language does not change that. A delegate's language is kept on the account.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages as M } from '#core/accounts/accounts';
import { messages } from '#core/accounts/schemas';
import { call, mailedToken, mailsTo, newClient, uniqueEmail } from './support';

const PASSWORD = 'correct horse battery';
const zh = { 'x-language': 'zh-Hans' };

describe('messages in the request\'s language', () => {
  it('gives the spec\'s English to a client that names no language, whatever its Accept-Language', async () => {
    for (const headers of [{}, { 'accept-language': 'zh-CN,zh;q=0.9' }, { 'x-language': 'fr' }] as Record<string, string>[]) {
      const r = await call('POST', '/login', { json: { email: '', password: '' }, headers });
      expect(r.body).toEqual({ code: 422, message: messages.emailRequired, data: { errors: { email: messages.emailRequired, password: messages.passwordRequired } } });
    }
  });
  it('gives Chinese messages and field errors to X-Language: zh-Hans (and zh-CN)', async () => {
    for (const tag of ['zh-Hans', 'zh-CN']) {
      const r = await call('POST', '/login', { json: { email: '', password: '' }, headers: { 'x-language': tag } });
      expect(r.body).toEqual({ code: 422, message: '请输入电子邮箱！', data: { errors: { email: '请输入电子邮箱！', password: '请输入密码！' } } });
    }
    const wrong = await call('POST', '/login', { json: { email: uniqueEmail(), password: 'not the password' }, headers: zh, client: newClient() });
    expect(wrong.body.message).toBe('电子邮箱或密码不正确。');
    const english = await call('POST', '/login', { json: { email: uniqueEmail(), password: 'not the password' }, client: newClient() });
    expect(english.body.message).toBe(M.loginFailed);
  });
  it('says a success in Chinese and keeps the spec\'s "success" where it has no text of its own', async () => {
    const free = await call('GET', '/check_email', { query: { email: uniqueEmail() }, headers: zh });
    expect(free.body).toMatchObject({ code: 200, message: '该电子邮箱可以使用。' });
    const facts = await call('GET', '/now', { headers: zh });
    expect(facts.body.message).toBe('success');
  });
});

describe('a delegate\'s language', () => {
  it('is saved on the account (PUT /language), and only as one of the two languages', async () => {
    const email = uniqueEmail('language');
    const client = newClient();
    expect((await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, client })).status).toBe(200);
    await call('POST', '/activate', { json: { token: await mailedToken(email, 'activate') } });
    const login = await call<{ api_token: string }>('POST', '/login', { json: { email, password: PASSWORD }, client });
    const token = login.body.data.api_token;
    const saved = await call('PUT', '/language', { json: { language: 'zh-Hans' }, token });
    expect(saved.body).toEqual({ code: 200, message: 'success', data: { language: 'zh-Hans' } });
    const refused = await call('PUT', '/language', { json: { language: 'fr' }, token, headers: zh });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('请选择英文或简体中文。');
    const anonymous = await call('PUT', '/language', { json: { language: 'en' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('the account mails in the language of the page', () => {
  it('sends the activation and reset mails of a Chinese page in Chinese, with links to the Chinese pages', async () => {
    const email = uniqueEmail('zh-mail');
    const signUp = await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, headers: zh, client: newClient() });
    expect(signUp.body.message).toBe('账号已创建。请查收邮件并激活账号。');
    const [activation] = await mailsTo(email);
    expect(activation!.subject).toBe('请激活您的 IACR 2024 账号');
    expect(activation!.body.text).toMatch(/\/zh\/common\/activate\/[\w-]+/);
    expect(activation!.body.html).toContain('<html lang="zh-Hans">');
    await call('POST', '/activate', { json: { token: await mailedToken(email, 'activate') } });
    // The reset is asked for from the English page: its mail is English.
    await call('POST', '/forgot_password', { json: { email }, client: newClient() });
    const reset = (await mailsTo(email)).find((m) => m.subject.startsWith('Reset your'));
    expect(reset?.body.text).toMatch(/[^h]\/common\/reset\//);
  });
  it('keeps the English activation mail of a client that names no language', async () => {
    const email = uniqueEmail('en-mail');
    await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, client: newClient() });
    const [activation] = await mailsTo(email);
    expect(activation!.subject).toBe('Activate your IACR 2024 account');
    expect(activation!.body.text).not.toContain('/zh/');
  });
});
