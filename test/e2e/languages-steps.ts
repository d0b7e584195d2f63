/**
 * Steps of the Chinese journeys that several browser tests take (languages-account,
 * languages-order): the mail in the local mailbox, the Chinese sign-up form, the activation mail's
 * link, the Chinese login, and the 390 px check with its screenshot.
 */
import type { Page } from '@playwright/test';
import { expect, mailOrigin, PASSWORD } from './fixtures';
import { screenshots } from './office-ui-steps';

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The newest mail to `to` in the local mailbox (waits for it); `subject` picks among several. */
export async function newestMailTo(to: string, subject?: string | RegExp): Promise<StoredMail> {
  const wanted = (m: StoredMail) => subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject));
  for (let i = 0; i < 50; i++) {
    const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: StoredMail[] };
    const mail = store.emails.filter((m) => m.destination.to.some((d) => d.includes(to)) && wanted(m)).pop();
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}${subject ? ` with the subject ${String(subject)}` : ''}`);
}

/** At 390 px nothing is wider than the screen; a full-page screenshot `<screenshots>/<name>-390.png`; back to 1280 px. */
export async function fitsAt390(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at 390 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The Chinese sign-up form (/zh/register/StepOne), filled with `email` and the tests' password. */
export async function fillChineseSignUp(page: Page, email: string) {
  const form = page.getByRole('form', { name: '注册账号' });
  await form.getByRole('textbox', { name: '电子邮箱', exact: true }).fill(email);
  await form.getByRole('textbox', { name: '密码', exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: '确认密码', exact: true }).fill(PASSWORD);
  return form;
}

/** The activation mail to `email` is in Chinese: its subject, its HTML's language; the /zh activation link in it. */
export async function chineseActivationLink(email: string): Promise<string> {
  const mail = await newestMailTo(email);
  expect(mail.subject).toBe('请激活您的 IACR 2024 账号');
  expect(mail.body.html).toContain('<html lang="zh-Hans">');
  const link = /https?:\/\/[^\s]+\/zh\/common\/activate\/[\w-]+/.exec(mail.body.text ?? '')?.[0];
  expect(link, mail.body.text).toBeTruthy();
  return link!;
}

/** On /zh/login: logs in with the Chinese form and lands on a Chinese page. */
export async function logInInChinese(page: Page, email: string) {
  await expect(page).toHaveURL(/\/zh\/login$/);
  const login = page.getByRole('form', { name: '登录' });
  await login.getByRole('textbox', { name: '电子邮箱' }).fill(email);
  await login.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/zh\/(?!login)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
}
