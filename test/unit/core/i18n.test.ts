/**
 * The languages (issue 32, decision 0058): both catalogs hold the same ids with the same
 * placeholders and valid ICU texts, the language of a tag, an Accept-Language list and an
 * address, dates as each language writes them, and the server's messages in both languages with
 * English left word for word.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en } from '#core/i18n/catalogs/en/index';
import { zhHans } from '#core/i18n/catalogs/zh-Hans/index';
import { negotiateLang, parseLang, pathIn, splitLangPath } from '#core/i18n/lang';
import { formatDay, formatDayRange, formatDeadline, formatInstant } from '#core/i18n/format';
import { localise, localiseErrors, serverTranslator } from '#core/i18n/server-messages';
import { mailTranslator } from '#core/i18n/mail-messages';
import { text } from '#core/i18n/messages';
import { accountMessages } from '#core/accounts/accounts';
import { messages as schemaMessages } from '#core/accounts/schemas';
import { AppError } from '#core/errors';
import { cst } from '#core/time';
import { activationMail, resetMail } from '#core/mail/templates';
import { conference } from '#core/config/conference';

/** The argument names of an ICU text (plural and select arguments, and those inside their options). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
    if (e.type === TYPE.tag) argumentsOf(e.children, into);
  }
  return into;
}

/** Ids whose text is the same in both languages on purpose (a name, a code, an address). */
const sameInBothLanguages = new Set<string>(['registration.refundAccount.bic']);

describe('the message catalogs', () => {
  const zh = zhHans as Record<string, string>;
  it('hold the same ids in English and Chinese', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
  it('hold valid ICU texts with the same placeholders in both languages, and no empty text', () => {
    for (const [id, source] of Object.entries(en)) {
      const zhText = zh[id]!;
      expect(source.trim(), id).not.toBe('');
      expect(zhText.trim(), id).not.toBe('');
      expect([...argumentsOf(parse(zhText, { ignoreTag: true }))].sort(), id).toEqual([...argumentsOf(parse(source, { ignoreTag: true }))].sort());
    }
  });
  it('give back the English text word for word where it has no placeholder (the spec\'s words are kept)', () => {
    const t = mailTranslator('en');
    for (const [id, source] of Object.entries(en)) if (!/[{}]/.test(source)) expect(t(id as keyof typeof en), id).toBe(source.replace(/''/g, "'"));
  });
  it('keep the organisers\' texts and the mails\' in their own area files (chunks a delegate\'s page never loads)', () => {
    const dir = path.resolve(import.meta.dirname, '../../../functions/core/i18n/catalogs');
    for (const lang of ['en', 'zh-Hans']) {
      for (const file of fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'))) {
        const staffFile = /^(office|review)[\w-]*\.json$/.test(file);
        const ids = Object.keys(JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')) as object);
        const staffIds = ids.filter((id) => /^(api\.)?(office|review)\./.test(id));
        expect(staffIds, `${lang}/${file}`).toEqual(staffFile ? ids : []);
        const mailFile = /^mail[\w-]*\.json$/.test(file);
        expect(ids.filter((id) => id.startsWith('mail.')), `${lang}/${file}`).toEqual(mailFile ? ids : []);
      }
    }
  });
  it('have a Chinese text that is not the English one, except for names', () => {
    const same = Object.keys(en).filter((id) => zh[id] === en[id as keyof typeof en] && !sameInBothLanguages.has(id));
    expect(same).toEqual([]);
  });
  it('give one Chinese text to each English message without placeholders (the browser finds a shared schema\'s message by its English words)', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const [id, english] of Object.entries(en)) {
      if (!id.startsWith('api.') || english.includes('{')) continue;
      byEnglish.set(english, (byEnglish.get(english) ?? new Set()).add(zh[id]!));
    }
    const ambiguous = [...byEnglish].filter(([, chinese]) => chinese.size > 1).map(([english, chinese]) => `${english} -> ${[...chinese].join(' / ')}`);
    expect(ambiguous).toEqual([]);
  });
  it('hold the spec\'s account messages word for word in English', () => {
    const english = new Set(Object.values(en));
    for (const m of Object.values(schemaMessages)) expect(english.has(m), m).toBe(true);
    for (const m of Object.values(accountMessages)) if (typeof m === 'string') expect(english.has(m), m).toBe(true);
  });
});

describe('languages of tags, lists and addresses', () => {
  it('reads the tags browsers and people write', () => {
    expect(['zh', 'zh-CN', 'zh-Hans', 'zh-hans-cn', 'ZH-cn'].map(parseLang)).toEqual(Array(5).fill('zh-Hans'));
    expect(['en', 'en-GB', 'EN-us'].map(parseLang)).toEqual(['en', 'en', 'en']);
    expect(['zh-TW', 'zh-Hant', 'fr', '', undefined, 42, '__proto__'].map(parseLang)).toEqual(Array(7).fill(undefined));
  });
  it('follows Accept-Language by its q-values, English when nothing is ours', () => {
    expect(negotiateLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-Hans');
    expect(negotiateLang('en;q=0.5, zh-CN;q=0.9')).toBe('zh-Hans');
    expect(negotiateLang('fr-FR, en;q=0.4')).toBe('en');
    expect(negotiateLang('zh-TW, fr')).toBe('en');
    expect(negotiateLang('zh;q=0, en')).toBe('en');
    expect(negotiateLang(undefined)).toBe('en');
  });
  it('finds the language in an address and writes an address in a language', () => {
    expect(splitLangPath('/zh/congress/info')).toEqual({ lang: 'zh-Hans', path: '/congress/info' });
    expect(splitLangPath('/zh')).toEqual({ lang: 'zh-Hans', path: '/' });
    expect(splitLangPath('/zhongguo')).toEqual({ lang: 'en', path: '/zhongguo' });
    expect(pathIn('zh-Hans', '/login?x=1')).toBe('/zh/login?x=1');
    expect(pathIn('zh-Hans', '/')).toBe('/zh');
    expect(pathIn('zh-Hans', '/pdf/full-programme.pdf')).toBe('/pdf/full-programme.pdf');
    expect(pathIn('zh-Hans', 'https://example.org/a')).toBe('https://example.org/a');
    expect(pathIn('en', '/login')).toBe('/login');
  });
});

describe('dates as each language writes them, always in China Standard Time', () => {
  const opening = cst('2024-11-04T09:00');
  it('writes days, instants, deadlines and ranges', () => {
    expect(formatInstant('en', opening)).toBe('4 November 2024, 09:00 CST (UTC+8)');
    expect(formatInstant('zh-Hans', opening)).toBe('2024年11月4日 09:00 (UTC+8)');
    expect(formatDay('zh-Hans', opening)).toBe('2024年11月4日');
    expect(formatDeadline('zh-Hans', cst('2024-05-16T24:00'))).toBe('2024年5月16日 24:00 (UTC+8)');
    expect(formatDeadline('en', cst('2024-05-16T24:00'))).toBe('16 May 2024, 24:00 CST (UTC+8)');
    expect(formatDayRange('zh-Hans', '2024-11-04', '2024-11-07')).toBe('2024年11月4日至7日');
    expect(formatDayRange('zh-Hans', '2024-10-30', '2024-11-02')).toBe('2024年10月30日至2024年11月2日');
  });
});

describe('the server\'s messages', () => {
  it('leaves English word for word and gives Chinese for a text the catalog holds', () => {
    expect(localise('en', accountMessages.loginFailed)).toBe(accountMessages.loginFailed);
    expect(localise('zh-Hans', accountMessages.loginFailed)).toBe('电子邮箱或密码不正确。');
    expect(localise('zh-Hans', 'A sentence no catalog holds.')).toBe('A sentence no catalog holds.');
    expect(localiseErrors('zh-Hans', { email: schemaMessages.emailRequired })).toEqual({ email: '请输入电子邮箱！' });
  });
  it('renders a text with values, plurals included, in both languages', () => {
    expect(serverTranslator('en')('api.loginThrottled', { minutes: 1 })).toContain('wait 1 minute and');
    expect(serverTranslator('en')('api.loginThrottled', { minutes: 5 })).toContain('wait 5 minutes and');
    expect(serverTranslator('zh-Hans')('api.loginThrottled', { minutes: 5 })).toBe('失败次数过多。请等待 5 分钟后重试，或重置密码。');
  });
  it('raises an error by id: English as its message, the text kept for the reader\'s language', () => {
    const error = new AppError('rate_limited', text('api.loginThrottled', { minutes: 2 }));
    expect(error.message).toBe('Too many failed attempts. Please wait 2 minutes and try again, or reset your password.');
    expect(localise('zh-Hans', error.text!)).toContain('2 分钟');
  });
});

describe('the account mails in the recipient\'s language', () => {
  it('keeps the English activation mail\'s words and writes the Chinese one wholly in Chinese', () => {
    const english = activationMail('https://congress.example.org/common/activate/t', 48);
    expect(english.subject).toBe('Activate your IACR 2024 account');
    expect(english.text).toContain('Thank you for creating an account for the IACR 2024 Scientific Conference (Beijing).');
    expect(english.text).toContain('The link works once and expires in 48 hours.');
    expect(english.html).toContain('<html lang="en">');
    const chinese = activationMail('https://congress.example.org/zh/common/activate/t', 48, 'zh-Hans');
    expect(chinese.subject).toBe('请激活您的 IACR 2024 账号');
    expect(chinese.html).toContain('<html lang="zh-Hans">');
    expect(chinese.text).toContain('该链接仅可使用一次，48 小时后失效。');
    expect(chinese.text).toContain('IACR 2024 国际肿瘤登记学术大会，北京。如有疑问');
    expect(chinese.text).not.toMatch(/\b(the|your|link|account)\b/i);
    const reset = resetMail('https://congress.example.org/zh/common/reset/t', 30, 'zh-Hans');
    expect(reset.subject).toBe('重置您的 IACR 2024 密码');
    expect(reset.text).toContain('30 分钟后失效');
  });
  it('names the congress as the conference config does', () => {
    expect(en['mail.congressName']).toBe(conference.name);
  });
});
