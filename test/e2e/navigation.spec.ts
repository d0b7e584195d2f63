/**
 * The site as a person finds it: every control visible on a phone and a laptop, every public page
 * reachable by following links from the home page, one-line header items, and a real 404.
 */
import type { Locator, Page } from '@playwright/test';
import { hydratedPaths, paths, staticPaths } from '../../web/src/config/paths';
import { decodePng, inkPixels } from '../support/png';
import { expect, logInAsNewDelegate, mailedLink, PASSWORD, test, uniqueEmail } from './fixtures';

/** The control shows something a person can see: a non-empty icon box and dark pixels on screen. */
async function expectVisibleIcon(control: Locator) {
  await expect(control).toBeVisible();
  const icon = control.locator('svg').first();
  const box = await icon.boundingBox();
  expect(box?.width ?? 0, 'icon width').toBeGreaterThan(8);
  expect(box?.height ?? 0, 'icon height').toBeGreaterThan(8);
  expect(inkPixels(decodePng(await control.screenshot())), 'pixels of the icon on screen').toBeGreaterThan(20);
}

test.describe('every control is visible', () => {
  test('on a 390 px phone the header shows the logo, Log in and a menu button with its icon', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    const menu = header.getByRole('button', { name: 'Menu' });
    await expectVisibleIcon(menu);
    // The header as a whole: logo, Log in and menu each leave ink in their third of the bar.
    const shot = decodePng(await header.screenshot());
    const third = (i: number) => {
      const w = Math.floor(shot.width / 3);
      const part = new Uint8Array(w * shot.height * 4);
      for (let y = 0; y < shot.height; y++) part.set(shot.data.subarray((y * shot.width + i * w) * 4, (y * shot.width + (i + 1) * w) * 4), y * w * 4);
      return inkPixels({ width: w, height: shot.height, data: part });
    };
    expect([third(0), third(2)].every((ink) => ink > 100), 'logo and the Log in/menu controls are drawn').toBe(true);
  });

  test('the carousel buttons and the dropdown chevrons show their icons', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/home');
    await expectVisibleIcon(page.getByRole('button', { name: 'Previous partners' }));
    await expectVisibleIcon(page.getByRole('button', { name: 'Next partners' }));
    await expectVisibleIcon(page.getByRole('banner').getByRole('button', { name: 'Conference Guide' }));
  });

  test('at 1024 px, logged in, every header item stays on one line in one size', async ({ page }) => {
    await logInAsNewDelegate(page, 'header');
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/congress/venue');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const items = nav.locator(':scope a:visible, :scope button:visible').filter({ hasNotText: /^$/ });
    await expect(nav.getByRole('button', { name: 'My portal' })).toBeVisible();
    const metrics = await items.evaluateAll((els) =>
      els
        .filter((el) => !el.closest('[hidden]'))
        .map((el) => {
          const style = getComputedStyle(el);
          // The lines of the visible text (a visually hidden "(opens in a new tab)" does not count).
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const tops = new Set<number>();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement!.getBoundingClientRect().width <= 1) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) if (r.width > 1) tops.add(Math.round(r.top));
          }
          const lines = tops;
          return { text: el.textContent!.replace('(opens in a new tab)', '').trim(), fontSize: style.fontSize, lines: lines.size };
        }),
    );
    expect(metrics.map((m) => m.text)).toEqual(expect.arrayContaining(['Scenic spot', 'Transportation', 'Conference Guide', 'Account', 'My portal']));
    for (const m of metrics) expect(m.lines, `${m.text} on one line`).toBe(1);
    expect(new Set(metrics.map((m) => m.fontSize)).size, JSON.stringify(metrics)).toBe(1);
  });

  test('the phone menu opens and closes with the keyboard and lists every page of the guide', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.locator('#mobile-nav');
    await expect(nav.getByRole('link', { name: 'Past congresses' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

/** Follows every same-origin page link from `/`, as a crawler or a curious person would. */
async function crawl(page: Page): Promise<Set<string>> {
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  while (queue.length) {
    const path = queue.shift()!;
    const response = await page.goto(path);
    if (!response?.ok() || !response.headers()['content-type']?.includes('text/html')) continue;
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      // Files are not pages: a named file, or an API answer (the published programme's calendar, once a
      // programme is published by a test running beside this one, is a download).
      if (url.origin !== new URL(page.url()).origin || /\.\w+$/.test(url.pathname) || url.pathname.startsWith('/api/')) continue;
      const target = url.pathname.replace(/(.)\/$/, '$1');
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

test('every public page can be reached by following links from the home page', async ({ page }) => {
  test.setTimeout(120_000);
  const reached = await crawl(page);
  const publicPages = [...staticPaths, ...hydratedPaths];
  expect(publicPages.filter((p) => !reached.has(p))).toEqual([]);
  // Delegate pages are linked too (they ask to log in).
  expect(reached.has(paths.posterUpload)).toBe(true);
});

test.describe('unknown paths', () => {
  test('answer 404 with the not-found page, which names the address', async ({ page, request }) => {
    const direct = await request.get('/no/such/page');
    expect(direct.status()).toBe(404);
    expect(await direct.text()).toContain('Page not found');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
  });

  test('page routes of the SPA and API errors keep their own status', async ({ request }) => {
    expect((await request.get('/admin/upload-update/42')).status()).toBe(200);
    expect((await request.get('/common/reset/sometoken')).status()).toBe(200);
    const api = await request.get('/api/v1/admin/no_such_route');
    expect(api.headers()['content-type']).toContain('application/json');
  });
});

test('every (auth) path of the spec sends an anonymous visitor to /login, which returns there after', async ({ page, consoleErrors }) => {
  // The older flow's pages come with its issue; their paths already ask for a login (portal spec section 2).
  for (const path of ['/admin/fee', '/admin/register/information', '/admin/voucher', '/common/reload', '/pay/success', '/pay/failed', '/admin/center', '/registration/list']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' }), path).toBeVisible();
    await expect(page.getByText('Page not found'), path).toHaveCount(0);
  }
  // Logged in on the page the guard sent us to: back to the page asked for.
  const email = uniqueEmail('auth-paths');
  expect((await page.request.post('/api/v1/admin/email_register', { data: { email, password: PASSWORD, confirm: PASSWORD } })).status()).toBe(200);
  const token = (await mailedLink(email, 'activate')).split('/').pop()!;
  expect((await page.request.post('/api/v1/admin/activate', { data: { token } })).status()).toBe(200);
  await page.goto('/admin/fee');
  await expect(page).toHaveURL(/\/login$/);
  // Reloaded, the pre-rendered login hydrates without a mismatch (its notice comes from the history
  // state): what is typed stays, and the login still returns to the page asked for.
  await page.reload();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await expect(page.getByText('Please log in to continue. You will return to the page you asked for.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/fee$/);
  expect(consoleErrors).toEqual([]);
});
