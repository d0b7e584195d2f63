/**
 * The public website as a visitor sees it: every public page at phone and desktop width, the
 * partner carousel, the home cards, navigation, the not-found page, and accessibility.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { registration2024 } from '../../functions/core/config/conference';
import { paths } from '../../web/src/config/paths';
import { expect, expectAccessible, test } from './fixtures';

const content = (file: string) =>
  JSON.parse(fs.readFileSync(path.resolve('web/src/content', file), 'utf8')) as { title: string };

const publicPages: [string, string | RegExp][] = [
  ['/', 'home'],
  ['/home', 'home'],
  ['/congress/info', content('pages/info.json').title],
  ['/congress/venue', content('pages/venue.json').title],
  ['/congress/introduction', content('pages/introduction.json').title],
  ['/congress/welcome', content('pages/welcome.json').title],
  ['/congress/past', content('past-congresses.json').title],
  ['/congress/news', content('pages/news.json').title],
  ['/congress/committees', content('committees.json').title],
  ['/about', content('pages/about.json').title],
  ['/abstract/submission', content('pages/abstract-submission.json').title],
  ['/abstract/late', content('pages/abstract-late.json').title],
  ['/contact', content('pages/contact.json').title],
  ['/legal-notice', content('pages/legal-notice.json').title],
  ['/register/instruction', content('pages/register-instruction.json').title],
  ['/register/hotel', content('hotels.json').title],
];
const homeTitle = (JSON.parse(fs.readFileSync('web/src/content/home.json', 'utf8')) as { hero: { title: string } }).hero.title;

for (const width of [375, 1280]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });
    for (const [route, title] of publicPages) {
      test(`${route} renders its content without errors`, async ({ page, consoleErrors }) => {
        const response = await page.goto(route);
        expect(response?.status()).toBe(200);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveText(title === 'home' ? homeTitle : title);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Nothing wider than the screen: no sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        expect(await page.title()).not.toBe('');
        expect(consoleErrors).toEqual([]);
      });
    }
  });
}

test.describe('accessibility', () => {
  for (const [route] of publicPages.slice(1)) {
    test(`${route} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  }
});

test.describe('pre-rendered pages', () => {
  test('public pages arrive as HTML with their content and styles, before any script runs', async ({ request }) => {
    for (const [route, title] of publicPages.slice(2)) {
      const html = await (await request.get(route)).text();
      expect(html, route).toContain(`>${String(title).replace(/&/g, '&amp;')}</h1>`);
      expect(html, route).toContain('<style data-s="" data-emotion');
      expect(html, route).toMatch(/<title>[^<]+<\/title>/);
    }
  });

  test('other paths get the not-found page (status 404), with a way home', async ({ page, consoleErrors }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // The browser logs the page's own 404 status; nothing else may be logged.
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

test.describe('home page', () => {
  const visibleSlides = (page: Page) =>
    page.evaluate(() => {
      const track = document.querySelector('[data-testid="carousel-track"]')!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="carousel-slide"]')].filter((s) => {
        const r = s.getBoundingClientRect();
        return r.left >= track.left - 1 && r.right <= track.right + 1;
      }).length;
    });

  for (const [width, slides] of [
    [1280, 4],
    [769, 4],
    [768, 1],
    [375, 1],
  ] as const) {
    test(`the partner carousel shows ${slides} slide(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Next partners' })).toBeVisible();
      expect(await visibleSlides(page)).toBe(slides);
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.getByRole('button', { name: 'Next partners' }).click();
      await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="carousel-track"]')!.scrollLeft)).toBeGreaterThan(0);
    });
  }

  test('has the 12 cards; http cards open a new window, PDFs a new tab, the others open in the same tab', async ({ page, request }) => {
    await page.goto('/');
    const cards = page.getByTestId('home-card');
    await expect(cards).toHaveCount(12);
    const hrefs = await cards.evaluateAll((els) => els.map((a) => [a.getAttribute('href'), a.getAttribute('target')]));
    for (const [href, target] of hrefs) {
      if (href!.startsWith('http') || href!.startsWith('/pdf/')) expect(target, href!).toBe('_blank');
      else expect(target, href!).toBeNull();
    }
    for (const [href] of hrefs.filter(([h]) => h!.startsWith('/pdf/'))) {
      const pdf = await request.get(href!);
      expect(pdf.status(), href!).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await page.getByTestId('home-card').filter({ hasText: 'Taxi Guide' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content('pages/about.json').title);
  });

  test('a card whose path begins with http opens in a new window', async ({ page, context }) => {
    // Tests never leave the machine: the outside site is answered here.
    await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, body: 'external' }));
    await page.goto('/');
    const external = page.locator('a[data-testid="home-card"][href^="http"]').first();
    const [popup] = await Promise.all([context.waitForEvent('page'), external.click()]);
    await expect(popup).toHaveURL(/^https?:\/\//);
  });
});

test.describe('header and navigation', () => {
  test('the Conference Guide dropdown works with the keyboard', async ({ page }) => {
    await page.goto('/congress/info');
    const trigger = page.getByRole('button', { name: 'Conference Guide' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // The first entry is the published programme, then the PDFs.
    const item = page.locator('#guide-menu').getByRole('link', { name: 'Programme', exact: true });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('href', '/program');
    await page.keyboard.press('Tab');
    await expect(item).toBeFocused();
    const pdf = page.locator('#guide-menu').getByRole('link', { name: /^Program at a glance/ });
    await expect(pdf).toHaveAttribute('href', '/pdf/program-at-a-glance.pdf');
    await page.keyboard.press('Tab');
    await expect(pdf).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(item).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('on a phone the menu folds into one button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.locator('#mobile-nav');
    await expect(nav.getByRole('link', { name: 'Scenic spot' })).toBeVisible();
    await nav.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a skip link leads keyboard users to the main content', async ({ page }) => {
    await page.goto('/congress/past');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('a protected page sends a visitor to log in', async ({ page }) => {
    await page.goto('/admin/center');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please log in to continue.')).toBeVisible();
  });

  test('the registration instruction page shows fees from the config and Next only when logged out', async ({ page }) => {
    await page.goto('/register/instruction');
    await expect(page.getByRole('cell', { name: 'US$650.00' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'US$250.00' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/register\/StepOne$/);
  });

  for (const route of ['/register/instruction', '/legal-notice']) {
    test(`${route} says a paid order is cancelled in the portal, with the refund policy of the config`, async ({ page }) => {
      await page.goto(route);
      const heading = page.getByRole('heading', { name: 'Cancellation and refunds' });
      await expect(heading).toBeVisible();
      // The section: everything between its heading and the next one.
      const section = await heading.evaluate((h) => {
        const parts: string[] = [];
        for (let el = h.nextElementSibling; el && !/^H[1-3]$/.test(el.tagName); el = el.nextElementSibling) parts.push(el.textContent ?? '');
        return parts.join('\n');
      });
      expect(section).toContain('Cancel with refund');
      expect(section).toMatch(/My registrations/);
      // No sentence sends a cancellation by mail.
      for (const sentence of section.split(/(?<=[.:])\s+/).filter((s) => /cancel/i.test(s))) {
        expect(sentence).not.toMatch(/e-?mail|@|write to|in writing|send .*request/i);
      }
      for (const rule of [...registration2024.refundPolicy.map((t) => t.text), registration2024.noRefundText, ...registration2024.refundNotes]) {
        expect(section).toContain(rule);
      }
      await expect(page.getByRole('main').getByRole('link', { name: 'My registrations' }).first()).toHaveAttribute('href', paths.registrationList);
    });
  }

  test('the abstract guidelines send a visitor who is not logged in to log in', async ({ page, pinClock }) => {
    await pinClock('2024-05-10T02:00:00Z');
    await page.goto('/abstract/submission');
    await page.getByRole('link', { name: 'Submit an abstract' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the taxi guide shows the address in Chinese for the driver', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('[lang="zh-CN"]').first()).toBeVisible();
  });

  test('the hotels page lists six hotels from US$144 to US$392, each saying how it is booked', async ({ page }) => {
    await page.goto('/register/hotel');
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByText('From US$144 / night, booked with the hotel')).toBeVisible();
    await expect(page.getByText('From US$392 / night, booked with the hotel')).toBeVisible();
  });

  test('the hotels page says which hotel the CNY room table belongs to and how the others are booked', async ({ page }) => {
    await page.goto('/register/hotel');
    const main = page.getByRole('main');
    const rooms = main.getByRole('region', { name: /congress hotel: room types and rates per night, paid at the hotel \(CNY\)/i });
    await expect(rooms.getByRole('cell', { name: 'CNY 880' }).first()).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: /booked with your registration/ })).toBeVisible();
    await expect(main.getByText(/The other hotels are booked directly with the hotel/)).toBeVisible();
    // No step of a registration form that does not exist yet.
    await expect(main).not.toContainText(/step 4/i);
  });

  test('no invented phone numbers or partner logos: only values the organisers supplied', async ({ page, request }) => {
    const site = JSON.parse(fs.readFileSync('web/src/content/site.json', 'utf8')) as { footer: { institutions: { phone: string }[] }; organiser: { secretariatPhone: string } };
    for (const route of ['/home', '/contact', '/legal-notice', '/register/hotel']) {
      const html = await (await request.get(route)).text();
      expect(html, route).not.toMatch(/\+\d{2}[\d ]*0000|00 00 00 00/);
      if (!site.organiser.secretariatPhone) expect(html, route).not.toMatch(/Tel\. \(|>Telephone</);
    }
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/^Tel\./)).toHaveCount(site.footer.institutions.filter((i) => i.phone).length);
    await expect(footer.getByRole('link', { name: 'Contact us' })).toBeVisible();
    // A partner without a logo supplied shows its name, not a made-up picture.
    const home = JSON.parse(fs.readFileSync('web/src/content/home.json', 'utf8')) as { partners: { name: string; logo: string }[] };
    const slides = page.getByTestId('carousel-slide');
    await expect(slides.locator('img')).toHaveCount(home.partners.filter((p) => p.logo).length);
    await expect(slides.first()).toContainText(home.partners[0]!.name);
  });

  test('the past congresses page lists 13 congresses from 1984 to 2017', async ({ page }) => {
    await page.goto('/congress/past');
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(13);
    await expect(items.first()).toContainText('2017');
    await expect(items.last()).toContainText('1984');
  });
});
