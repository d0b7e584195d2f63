/**
 * Playwright fixtures: every test is its own client (per-client limits), records console errors
 * and failed requests (a test fails on any), and can pin the portal's clock (local mode only).
 */
import AxeBuilder from '@axe-core/playwright';
import { organiserCommand, totpCode } from '../support/office';
import { test as base, expect, type Page } from '@playwright/test';

const octet = () => Math.floor(Math.random() * 250) + 1;

interface Fixtures {
  consoleErrors: string[];
  /** Pins the server clock (and so the pages' clock) for every request of this page. */
  pinClock: (isoInstant: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  // On the context, not the page: the test's API calls (page.request) come from the same client
  // and run on the same pinned clock as the page's own requests.
  page: async ({ page }, use) => {
    await page.context().setExtraHTTPHeaders({ 'x-local-client-ip': `10.${octet()}.${octet()}.${octet()}` });
    await use(page);
  },
  pinClock: async ({ page }, use) => {
    await use(async (instant) => {
      await page.context().setExtraHTTPHeaders({ 'x-local-client-ip': `10.${octet()}.${octet()}.${octet()}`, 'x-app-now': instant });
    });
  },
});

export { expect };

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, context?: string) {
  // As a person sees the page once it is still: colours measured mid-transition (a button fading
  // in from disabled) are neither the page's before nor after. Spinners (endless) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
    context ?? page.url(),
  ).toEqual([]);
}

export const mailOrigin = () => process.env.MAIL_ORIGIN ?? `http://localhost:${process.env.TEST_MAIL_PORT ?? 8105}`;

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The newest link of `kind` mailed to `to`, read from the local mailbox; waits for the mail. */
export async function mailedLink(to: string, kind: 'activate' | 'reset'): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: StoredMail[] };
    const mails = store.emails.filter((m) => m.destination.to.some((d) => d.includes(to))).reverse();
    for (const mail of mails) {
      const m = new RegExp(`https?://[^\\s]+/common/${kind}/[\\w-]+`).exec(mail.body.text ?? '');
      if (m) return m[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

export const uniqueEmail = (tag = 'e2e') => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

export const PASSWORD = 'correct horse battery';

/** A new, activated delegate (signed up through the API), logged in through the login page. */
export async function logInAsNewDelegate(page: Page, tag = 'e2e', email = uniqueEmail(tag)): Promise<string> {
  const signUp = await page.request.post(api('/email_register'), { data: { email, password: PASSWORD, confirm: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const token = (await mailedLink(email, 'activate')).split('/').pop()!;
  expect((await page.request.post(api('/activate'), { data: { token } })).status()).toBe(200);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
  return email;
}

/** A path of the portal's API. */
export const api = (path: string) => `/api/v1/admin${path}`;
/** The test portal's DynamoDB Local (the organiser command and seeds write there). */
export const dynamoOrigin = () => process.env.DYNAMODB_ORIGIN ?? `http://localhost:${process.env.TEST_DYNAMODB_PORT ?? 8100}`;
/** The page's logged-in session, for API calls made beside the page. */
export const bearer = async (page: Page) => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('userToken'))}` });

/** A new delegate made organiser by the command, whose office session passed the second factor (set up through the API, with the code a phone shows now). */
export async function officeOrganiser(page: Page, tag: string) {
  const email = await logInAsNewDelegate(page, tag);
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  const enrol = await page.request.post(api('/office/second_factor/enrol'), { data: {}, headers: await bearer(page) });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirmed = await page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: await bearer(page) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return email;
}
