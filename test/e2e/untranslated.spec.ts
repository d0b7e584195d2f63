/**
 * Finds English left on the Chinese pages (issue 32): every visible text of each page that is in
 * both languages, read in Chromium at 390 px, may hold Latin letters only in what is not
 * translated on purpose (names of the congress and institutions, codes, addresses, amounts). A page
 * joins `chinesePages` when its texts are in the catalogs; each is also shown without horizontal
 * overflow at 390 px, and screenshotted for a person to look at.
 */
import { expect, test } from './fixtures';
import { screenshots } from './office-ui-steps';
import { keptWords, latinWords } from './untranslated-steps';

/** The Chinese pages whose every text comes from the catalogs. */
export const chinesePages = [
  '/zh/home',
  '/zh/login',
  '/zh/register/StepOne',
  '/zh/common/forgot',
  '/zh/congress/welcome',
  '/zh/congress/introduction',
  '/zh/congress/news',
  '/zh/contact',
  '/zh/congress/committees',
  '/zh/abstract/late',
  '/zh/checkin',
];

for (const path of chinesePages) {
  test(`${path} has no untranslated text and fits 390 px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await page.waitForLoadState('networkidle');
    const english = (await latinWords(page)).filter((w) => !keptWords.test(w));
    expect(english, `English on ${path}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}/zh${path.replace(/\//g, '-')}-390.png`, fullPage: true });
    await context.close();
  });
}
