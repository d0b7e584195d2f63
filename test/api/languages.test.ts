/**
 * The API's messages in the request's language (issue 32, decision 0058): the site's client names
 * it in `X-Language`; a client that names none gets the spec's English word for word, and a
 * browser's own Accept-Language does not change that. A delegate's language is kept on the account.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages as M } from '#core/accounts/accounts';
import { messages } from '#core/accounts/schemas';
import { call, mailedToken, newClient, uniqueEmail } from './support';

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
