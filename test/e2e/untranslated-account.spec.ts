/**
 * Finds English left on the Chinese pages behind the login (issue 32), as untranslated.spec.ts does
 * for the public ones: a delegate with a Chinese profile opens each page of the account, the
 * abstracts and the 2024 registration under /zh at 390 px (the abstracts open, the registration
 * open); every visible text, select options included, may hold Latin letters only in what stays
 * as it is on purpose. Each page fits 390 px and is screenshotted for a person to look at.
 */
import { api, bearer, expect, logInAsNewDelegate, test } from './fixtures';
import { screenshots } from './office-ui-steps';
import { keptWords, latinWords } from './untranslated-steps';

/** 10 May 2024: abstracts can be submitted; 1 August 2024: the 2024 registration is open. */
const MAY = '2024-05-10T02:00:00Z';
const AUGUST = '2024-08-01T02:00:00Z';

/** Abstracts are written in English: the form's example keywords and the word for no conflict stay English. */
const writtenInEnglish = new Set(['cancer', 'registry', 'incidence', 'survival', 'None']);

/** The pages behind the login, each at a time it is in use. */
const accountPages = [
  ['/zh/admin/center', MAY],
  ['/zh/admin/information/update', MAY],
  ['/zh/admin/updatePassword', MAY],
  ['/zh/admin/pre', MAY],
  ['/zh/admin/upload', MAY],
  ['/zh/admin/center', AUGUST],
  ['/zh/registration/list', AUGUST],
  ['/zh/registration/submission', AUGUST],
  ['/zh/registration/refund-account', AUGUST],
] as const;

test('the account, abstract and registration pages in Chinese have no untranslated text and fit 390 px', async ({ page, pinClock }) => {
  test.setTimeout(180_000);
  await pinClock(MAY);
  await logInAsNewDelegate(page, 'zh-untranslated');
  // A profile as a Chinese delegate fills it: its own words are Chinese too.
  const profile = await page.request.post(api('/update'), {
    data: { first_name: '小明', last_name: '王', occupation: '流行病学家', organization: '国家癌症中心', country: 'China', mobile: '+86 138 0000 0000' },
    headers: await bearer(page),
  });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  const found: Record<string, string[]> = {};
  for (const [path, at] of accountPages) {
    await pinClock(at);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    // Loaded: a Chinese title, no page still waiting for its data.
    await expect(page.getByRole('heading', { level: 1, name: /\p{Script=Han}/u })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const english = (await latinWords(page)).filter((w) => !keptWords.test(w) && !(path === '/zh/admin/upload' && writtenInEnglish.has(w)));
    if (english.length) found[`${path} (${at})`] = english;
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 390 px`).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}/account${path.replace(/\//g, '-')}-${at.slice(0, 7)}-390.png`, fullPage: true });
  }
  expect(found, 'English on the Chinese pages').toEqual({});
});
