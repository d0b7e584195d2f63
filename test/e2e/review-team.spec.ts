/**
 * The review team in the office (issue 31): an organiser finds "Review team" in the office's
 * navigation, grants a reviewer two categories and a committee member, changes one from the list,
 * revokes the other; a wrong category choice is impossible and an unknown account is named. Axe;
 * the table and form at 390 px.
 */
import type { Locator } from '@playwright/test';
import { expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test, uniqueEmail } from './fixtures';
import { screenshots } from './office-ui-steps';

/** Ticks or clears a box as a person does, by its visible label, and checks it took. */
async function setBox(form: Locator, name: string | RegExp, checked: boolean) {
  const box = form.getByRole('checkbox', { name });
  if ((await box.isChecked()) !== checked) await form.locator('label').filter({ hasText: name }).click();
  await expect(box).toBeChecked({ checked });
}

test('an organiser grants, changes and revokes review roles from the office', async ({ browser, page }) => {
  test.setTimeout(120_000);
  // Two people with accounts (they sign up first).
  const others = await browser.newContext();
  const reviewer = await logInAsNewDelegate(await others.newPage(), 'team-reviewer');
  const chair = await logInAsNewDelegate(await others.newPage(), 'team-chair');
  await others.close();

  await officeOrganiser(page, 'team-organiser');
  await page.goto('/office');
  const nav = page.getByRole('navigation', { name: 'Office' });
  await nav.getByRole('link', { name: 'Review team' }).click();
  await expect(page.getByRole('heading', { name: 'Review team', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Review team' })).toHaveAttribute('aria-current', 'page');

  const form = page.getByRole('form', { name: 'Review roles' });
  // An address nobody signed up with is named.
  const nobody = uniqueEmail('nobody');
  await form.getByRole('textbox', { name: 'E-mail of the account' }).fill(nobody);
  await setBox(form, 'Descriptive epidemiology', true);
  await form.getByRole('button', { name: 'Save the roles' }).click();
  await expect(form.getByText(`No account uses ${nobody}`).first()).toBeVisible();
  // What was typed stays.
  await expect(form.getByRole('checkbox', { name: 'Descriptive epidemiology' })).toBeChecked();

  await form.getByRole('textbox', { name: 'E-mail of the account' }).fill(reviewer);
  await setBox(form, 'Cancer registration: methods and systems', true);
  await form.getByRole('button', { name: 'Save the roles' }).click();
  await expect(form.getByRole('status').or(form.getByRole('alert'))).toContainText(
    `${reviewer} reviews Cancer registration: methods and systems; Descriptive epidemiology.`,
  );

  await form.getByRole('textbox', { name: 'E-mail of the account' }).fill(chair);
  await setBox(form, /^On the programme committee/, true);
  await form.getByRole('button', { name: 'Save the roles' }).click();
  await expect(form).toContainText(`${chair} is on the programme committee (with the second factor).`);

  const table = page.getByRole('table', { name: 'Review team' });
  const reviewerRow = table.getByRole('row').filter({ hasText: reviewer });
  await expect(reviewerRow).toContainText(
    'Cancer registration: methods and systems; Descriptive epidemiology',
  );
  await expect(table.getByRole('row').filter({ hasText: chair })).toContainText('Committee');
  await expectAccessible(page, 'review team');

  // Change the reviewer from the list: the form takes their roles.
  await reviewerRow.getByRole('button', { name: `Change the roles of ${reviewer}` }).click();
  await expect(form.getByRole('textbox', { name: 'E-mail of the account' })).toHaveValue(reviewer);
  await expect(form.getByRole('checkbox', { name: 'Descriptive epidemiology' })).toBeChecked();
  await setBox(form, 'Descriptive epidemiology', false);
  await form.getByRole('button', { name: 'Save the roles' }).click();
  await expect(form).toContainText(`${reviewer} reviews Cancer registration: methods and systems.`);
  await expect(reviewerRow).not.toContainText('Descriptive epidemiology');

  // Revoke the chair: every box cleared.
  await table
    .getByRole('row')
    .filter({ hasText: chair })
    .getByRole('button', { name: `Change the roles of ${chair}` })
    .click();
  await setBox(form, /^On the programme committee/, false);
  await form.getByRole('button', { name: 'Save the roles' }).click();
  await expect(form).toContainText(`${chair} has no review role any more`);
  await expect(table.getByRole('row').filter({ hasText: chair })).toHaveCount(0);

  // At 390 px the form and the table are usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form.getByRole('button', { name: 'Save the roles' })).toBeVisible();
  const change = reviewerRow.getByRole('button', { name: `Change the roles of ${reviewer}` });
  await change.scrollIntoViewIfNeeded();
  await expect(change).toBeVisible();
  await page.screenshot({ path: `${screenshots}/review-team-390.png`, fullPage: true });
});
