/**
 * The registration by category (older flow) in Chromium: a young investigator registers with a
 * document and sees the review state on /common/reload (where /admin/fee leads while under review); a group of 10 registers; nothing typed is lost
 * on a failed submit and a reload; axe clean; usable at 390 px. The clock is pinned in the 2019
 * early period (x-app-now).
 */
import type { Page } from '@playwright/test';
import { pdfBytes } from '../support/files';
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

/** 1 July 2019, 10:00 CST: early prices. */
const EARLY = '2019-07-01T02:00:00Z';

const choose = (page: Page, question: string, answer: string) =>
  page.getByRole('radiogroup', { name: question, exact: true }).getByText(answer, { exact: true }).click();

async function fillPersonal(page: Page) {
  const form = page.getByRole('form', { name: 'Registration information' });
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Mei');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Zhang');
  await form.getByRole('textbox', { name: 'Occupation', exact: true }).fill('Resident');
  await form.getByRole('textbox', { name: 'Organisation', exact: true }).fill('Peking Union Medical College Hospital');
  await form.getByRole('combobox', { name: 'Country or region' }).first().selectOption('China');
  await form.getByRole('textbox', { name: 'Mobile', exact: true }).fill('+86 138 0000 0000');
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a young investigator registers with a document and sees the review state', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(EARLY);
  await logInAsNewDelegate(page, 'young-investigator');
  await page.goto('/admin/center');
  await page.getByRole('link', { name: 'Registration by category' }).click();
  await expect(page).toHaveURL(/\/admin\/register\/information$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration information' })).toBeVisible();
  await expect(page.getByText('Early prices (up to 9 August 2019), in US dollars.')).toBeVisible();

  await fillPersonal(page);
  await choose(page, 'Registration type', 'Young investigator: US$740.00');
  await expect(page.getByText('Young investigators are born in 1984 or later', { exact: false })).toBeVisible();
  await choose(page, 'Gala dinner', 'Yes');
  await choose(page, 'Working dinner', 'No');
  await choose(page, 'Will anyone accompany you?', 'No');

  // Without a document: the spec's message, and nothing typed is lost on a reload.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please Upload Young Investigator File')).toBeVisible();
  await expectAccessible(page, 'registration form with an error');
  await page.reload();
  await expect(page.getByText('Your unsaved entries from earlier were restored.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Organisation', exact: true })).toHaveValue('Peking Union Medical College Hospital');
  await expect(page.getByRole('radiogroup', { name: 'Registration type' }).getByRole('radio', { name: 'Young investigator: US$740.00' })).toBeChecked();

  await page.getByTestId('file-input-document').setInputFiles({ name: 'birth-certificate.pdf', mimeType: 'application/pdf', buffer: pdfBytes(20_000) });
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toContainText('birth-certificate.pdf');

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/register-information-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // After the submit the form goes to /admin/fee, which leads a registration under review to /common/reload (spec section 4).
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/common\/reload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration review' })).toBeVisible();
  await expect(page.getByText('Your registration information is under review, please wait patiently.')).toBeVisible();
  await expect(page.getByText(/^Registration OESO-\d{6}: Young investigator\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /checkout|pay/i })).toHaveCount(0);
  await expectAccessible(page, 'registration under review');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/fee-review-390.png', fullPage: true });

  // Registered: the form says so instead of taking a second registration.
  await page.goto('/admin/register/information');
  await expect(page.getByText(/Your registration number is OESO-\d{6}/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a group of 10 registers: 9 members that cannot be removed, more can be added', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(EARLY);
  await logInAsNewDelegate(page, 'group-lead');
  await page.goto('/admin/register/information');
  await fillPersonal(page);
  await choose(page, 'Registration type', 'Groups of 10 or more: US$740.00');
  const members = page.getByRole('list', { name: 'Group members' });
  await expect(members.getByRole('listitem')).toHaveCount(9);
  await expect(members.getByRole('button', { name: /Remove member/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a member' }).click();
  await expect(members.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Remove member 10' }).click();
  await expect(members.getByRole('listitem')).toHaveCount(9);

  await page.getByRole('textbox', { name: 'Group name' }).fill('Shanghai esophageal team');
  await page.getByRole('textbox', { name: 'Company represented' }).fill('Shanghai Cancer Centre');
  await page.getByRole('textbox', { name: 'Address 1' }).fill('270 Dong An Road, Shanghai');
  for (let i = 1; i <= 9; i++) {
    await page.getByRole('textbox', { name: `First name of member ${i}` }).fill(`Member${i}`);
    await page.getByRole('textbox', { name: `Last name of member ${i}` }).fill('Wang');
    await choose(page, `Gala dinner (member ${i})`, i % 2 ? 'Yes' : 'No');
    await choose(page, `Working dinner (member ${i})`, 'Yes');
  }
  await choose(page, 'Gala dinner', 'Yes');
  await choose(page, 'Working dinner', 'Yes');
  await choose(page, 'Will anyone accompany you?', 'No');
  await expectAccessible(page, 'group registration form');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/register-group-390.png', fullPage: true });
  await members.getByRole('listitem').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/register-group-members-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/fee$/);
  await expect(page.getByText('Groups of 10 or more', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Registration fee table' })).toContainText('US$7,400.00');
  await expect(page.getByRole('button', { name: 'Checkout: pay US$7,400.00' })).toBeVisible();
  await page.screenshot({ path: 'test-results/fee-group.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
});
