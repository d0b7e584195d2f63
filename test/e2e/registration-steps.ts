/**
 * Steps of the registration by category that several browser tests take (registration-review,
 * registration-payment, registration-journey): filling the registration form, the office's
 * review decision, the re-upload, the local checkout, and the 390 px check.
 */
import type { Page } from '@playwright/test';
import { pdfBytes, pngBytes } from '../support/files';
import { expect } from './fixtures';

/** Answers a radio question of the registration form. */
export const choose = (page: Page, question: string, answer: string) =>
  page.getByRole('radiogroup', { name: question, exact: true }).getByText(answer, { exact: true }).click();

export async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Usable on a phone: no sideways scroll at 390 px; a full-page screenshot test-results/<name>-390.png. */
export async function at390(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

export interface Registrant {
  first: string;
  last: string;
  occupation: string;
  organisation: string;
  mobile: string;
  /** The radio's text, e.g. 'Regular: US$800.00'. */
  type: string;
  gala: 'Yes' | 'No';
  working: 'Yes' | 'No';
}

/** Fills the registration form (/admin/register/information) for one person without companions; does not submit. */
export async function fillRegistration(page: Page, who: Registrant) {
  const form = page.getByRole('form', { name: 'Registration information' });
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill(who.first);
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill(who.last);
  await form.getByRole('textbox', { name: 'Occupation', exact: true }).fill(who.occupation);
  await form.getByRole('textbox', { name: 'Organisation', exact: true }).fill(who.organisation);
  await form.getByRole('combobox', { name: 'Country or region' }).first().selectOption('China');
  await form.getByRole('textbox', { name: 'Mobile', exact: true }).fill(who.mobile);
  await choose(page, 'Registration type', who.type);
  await choose(page, 'Gala dinner', who.gala);
  await choose(page, 'Working dinner', who.working);
  await choose(page, 'Will anyone accompany you?', 'No');
}

/** A young investigator registers with a PDF document and lands on /common/reload, under review. */
export async function registerYoungInvestigator(page: Page, family: string, documentName = 'old-student-card.pdf') {
  await page.goto('/admin/register/information');
  await fillRegistration(page, {
    first: 'Lan',
    last: family,
    occupation: 'Resident',
    organisation: 'Sichuan Cancer Hospital',
    mobile: '+86 138 0000 0001',
    type: 'Young investigator: US$740.00',
    gala: 'Yes',
    working: 'No',
  });
  await page.getByTestId('file-input-document').setInputFiles({ name: documentName, mimeType: 'application/pdf', buffer: pdfBytes(20_000) });
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toContainText(documentName);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/common\/reload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration review' })).toBeVisible();
  await expect(page.getByText('Your registration information is under review, please wait patiently.')).toBeVisible();
}

/** From the office's start page through its navigation to the Registrations section. */
export async function officeRegistrations(page: Page) {
  await page.goto('/office');
  const officeNav = page.getByRole('navigation', { name: 'Office' });
  await officeNav.getByRole('link', { name: 'Registrations', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
  await expect(officeNav.getByRole('link', { name: 'Registrations', exact: true })).toHaveAttribute('aria-current', 'page');
}

/** The office's review queue row of a delegate (the Registrations section must be open). */
export async function reviewQueueRow(page: Page, delegateEmail: string) {
  await page.getByRole('combobox', { name: 'Show' }).selectOption('review');
  return page.getByRole('table', { name: 'Registrations waiting for review' }).getByRole('row').filter({ hasText: delegateEmail });
}

/** On the office's registration page: Reject with the reason the delegate reads. */
export async function officeRejects(page: Page, reason: string) {
  const decision = page.getByRole('form', { name: 'Decide the review' });
  await decision.getByText('The reason below is mailed to the delegate').click();
  await expect(decision.getByRole('radio', { name: /^Reject/ })).toBeChecked();
  await decision.getByRole('textbox', { name: 'Reason (required to reject)' }).fill(reason);
  await decision.getByRole('button', { name: 'Save the decision' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Decision saved' })).toContainText('The registration is rejected; the reason has been sent to the delegate by e-mail.');
  await expect(page.getByText('Rejected (waiting for new documents)').first()).toBeVisible();
}

/** On the office's registration page: Approve (the decision's default). */
export async function officeApproves(page: Page) {
  await page.getByRole('form', { name: 'Decide the review' }).getByRole('button', { name: 'Save the decision' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Decision saved' })).toContainText('The registration is approved; the delegate has been told by e-mail and can pay now.');
  await expect(page.getByText('Approved (may pay)').first()).toBeVisible();
}

/** On /common/reload after a rejection: a new PNG document, handed in again (under review). */
export async function reuploadDocument(page: Page, name = 'new-student-card.png') {
  const again = page.getByRole('form', { name: 'New documents' });
  await page.getByTestId('file-input-document').setInputFiles({ name, mimeType: 'image/png', buffer: pngBytes() });
  await expect(page.getByRole('list', { name: 'New documents' })).toContainText(name);
  await again.getByRole('button', { name: 'Submit again' }).click();
  await expect(page.getByText('Your registration information is under review, please wait patiently.', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your documents have been handed in again.' }).first()).toBeVisible();
}

/** Pays on the local checkout page with the test card that pays. */
export async function payOnCheckout(page: Page, amount: string) {
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}
