/**
 * A presenter's abstract journey in Chromium, on a pinned clock: create an abstract with two
 * authors, a presenter who is not the first author and a PDF; keep the draft over a reload;
 * see it listed, edit it, view it read-only after the deadline, delete it.
 */
import type { Page } from '@playwright/test';
import { pdfBytes } from '../support/files';
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

/** 10 May 2024 10:00 CST: submission open. The deadline is 16 May 2024 24:00 CST = 16:00 UTC. */
const OPEN = '2024-05-10T02:00:00Z';
const CLOSED = '2024-05-17T02:00:00Z';
/** Ten seconds before the deadline: the page's clock starts there when it loads and runs on past 24:00. */
const JUST_BEFORE_DEADLINE = '2024-05-16T15:59:50Z';

async function fillPerson(page: Page, legend: string, person: Record<string, string>) {
  const group = page.getByRole('group', { name: legend });
  for (const [label, value] of Object.entries(person)) {
    if (label === 'Country or region') await group.getByRole('combobox', { name: label }).selectOption(value);
    else await group.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

const person = (first: string, last: string) => ({
  'First name': first,
  'Last name': last,
  'E-mail': `${first.toLowerCase()}.${last.toLowerCase()}@example.org`,
  Institute: 'National Cancer Center',
  City: 'Beijing',
  'Country or region': 'China',
});

async function chooseRadio(page: Page, question: string, answer: 'Yes' | 'No') {
  await page.getByRole('radiogroup', { name: question }).getByText(answer, { exact: true }).click();
}

test('create an abstract with two authors, a separate presenter and a PDF; edit it; view it after the deadline; delete it', async ({
  page,
  pinClock,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'abstract');

  await page.goto('/admin/pre');
  await expect(page.getByRole('heading', { name: 'ABSTRACT UPLOAD' })).toBeVisible();
  await expect(page.getByText('16 May 2024, 24:00 CST (UTC+8)').first()).toBeVisible();
  await expect(page.getByText('You have not submitted an abstract yet.')).toBeVisible();
  await expectAccessible(page, 'empty abstract list');

  // The upload button leads through the guidelines to the form.
  await page.getByRole('link', { name: 'Upload an abstract' }).click();
  await expect(page).toHaveURL(/\/abstract\/submission$/);
  await page.getByRole('link', { name: 'Submit an abstract' }).click();
  await expect(page).toHaveURL(/\/admin\/upload$/);
  await expect(page.getByRole('heading', { name: 'Submit an abstract' })).toBeVisible();

  // An empty submit says what is missing, field by field.
  await page.getByRole('button', { name: 'Submit abstract' }).click();
  await expect(page.getByText('Please complete the form.')).toBeVisible();
  await expect(page.getByText('Limited to 15 words.')).toHaveCount(0);
  await expect(page.getByText('Please enter.').first()).toBeVisible();
  await expectAccessible(page, 'form with errors');

  await fillPerson(page, 'Author 1 (first author)', person('Wei', 'Zhang'));
  await page.getByRole('button', { name: 'Add author' }).click();
  await fillPerson(page, 'Author 2', person('Maria', 'Rossi'));
  await chooseRadio(page, 'Will the first author present the abstract?', 'No');
  await fillPerson(page, 'Presenter 1', person('Li', 'Na'));

  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('TRENDS IN LIVER CANCER INCIDENCE IN CHINA');
  await expect(page.getByTestId('count-title_of_abstract')).toHaveText('7 / 15 words');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Survival and prognosis' });
  await page.getByRole('textbox', { name: 'Keywords' }).fill('liver cancer; incidence; registry');
  await page.getByRole('textbox', { name: 'Abstract', exact: true }).fill('Background: registries in 2019 covered 1.2 billion people. Methods: joinpoint regression.');
  await expect(page.getByTestId('count-abstract_body')).toHaveText('9 / 300 words');
  await chooseRadio(page, 'Did the work receive financial support?', 'No');
  await chooseRadio(page, 'Do you apply for an IACR conference fellowship?', 'No');
  await page.getByRole('textbox', { name: 'Conflict of interest disclosure' }).fill('None');

  await page.getByTestId('file-input-abstract').setInputFiles({ name: 'figure-1.pdf', mimeType: 'application/pdf', buffer: pdfBytes(200_000) });
  await expect(page.getByRole('button', { name: 'Download figure-1.pdf' })).toBeVisible();
  await expect(page.getByText('figure-1.pdf file uploaded successfully.')).toBeVisible();

  // An accidental reload keeps everything typed, and the uploaded file.
  await page.reload();
  await expect(page.getByText('Your unsaved changes from earlier were restored.')).toBeVisible();
  await expect(title).toHaveValue('TRENDS IN LIVER CANCER INCIDENCE IN CHINA');
  await expect(page.getByRole('group', { name: 'Presenter 1' }).getByRole('textbox', { name: 'Last name' })).toHaveValue('Na');
  await expect(page.getByRole('button', { name: 'Download figure-1.pdf' })).toBeVisible();

  // The form's last part (agreements and Submit) renders a few tasks after the first: wait for it before listing its checkboxes.
  await expect(page.getByRole('button', { name: 'Submit abstract' })).toBeVisible();
  for (const agreement of await page.getByRole('group', { name: /Submission agreements/ }).getByRole('checkbox').all()) await agreement.check({ force: true });
  await page.getByRole('button', { name: 'Submit abstract' }).click();

  await expect(page).toHaveURL(/\/admin\/uploadSuccess$/);
  await expect(page.getByRole('heading', { name: 'Upload SUCCESS' })).toBeVisible();
  // A new delegate (status 1, unpaid) is asked to complete the profile.
  await expect(page.getByRole('link', { name: 'To complete profile' })).toBeVisible();
  await expectAccessible(page, 'success page');

  await page.goto('/admin/pre');
  const row = page.getByRole('row', { name: /TRENDS IN LIVER CANCER INCIDENCE IN CHINA/ });
  await expect(row).toContainText('Descriptive epidemiology: Survival and prognosis');
  await expect(row).toContainText('liver cancer; incidence; registry');
  await expectAccessible(page, 'abstract list');

  // Edit: the saved values and file come back; a change is saved.
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit abstract' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Author 2' }).getByRole('textbox', { name: 'Last name' })).toHaveValue('Rossi');
  await expect(page.getByRole('button', { name: 'Download figure-1.pdf' })).toBeVisible();
  await title.fill('TRENDS IN LIVER CANCER SURVIVAL IN CHINA');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/admin\/uploadSuccess$/);
  await page.goto('/admin/pre');
  await expect(page.getByRole('row', { name: /TRENDS IN LIVER CANCER SURVIVAL IN CHINA/ })).toBeVisible();

  // After the deadline: View only, every field locked, no submit.
  await pinClock(CLOSED);
  await page.reload();
  const closedRow = page.getByRole('row', { name: /SURVIVAL IN CHINA/ });
  await expect(closedRow.getByRole('link', { name: /^View/ })).toBeVisible();
  await expect(closedRow.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(closedRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload an abstract' })).toBeDisabled();
  await closedRow.getByRole('link', { name: /^View/ }).click();
  await expect(page.getByRole('heading', { name: 'View abstract' })).toBeVisible();
  await expect(page.getByText('Modifications are prohibited.')).toBeVisible();
  await expect(title).toBeDisabled();
  await expect(title).toHaveValue('TRENDS IN LIVER CANCER SURVIVAL IN CHINA');
  await expect(page.getByRole('button', { name: /Save changes|Submit abstract/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove figure-1.pdf' })).toHaveCount(0);
  await expectAccessible(page, 'read-only abstract');

  // Back before the deadline: delete with confirmation.
  await pinClock(OPEN);
  await page.goto('/admin/pre');
  await page.getByRole('row', { name: /SURVIVAL IN CHINA/ }).getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this abstract?' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have not submitted an abstract yet.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the form locks itself the second the deadline passes; a new abstract typed too late is said to be not saved', async ({ page, pinClock }) => {
  await pinClock(JUST_BEFORE_DEADLINE);
  await logInAsNewDelegate(page, 'deadline');
  await page.goto('/admin/upload');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeEnabled();
  await title.fill('A TITLE TYPED JUST IN TIME');
  // Nothing was saved: no form full of text that is not an abstract, only the typed text, apart.
  const unsaved = page.getByRole('region', { name: 'The submission deadline passed before this abstract was submitted.' });
  await expect(unsaved).toBeVisible({ timeout: 15_000 });
  await expect(unsaved).toContainText('It was not saved and can no longer be submitted.');
  await expect(page.getByRole('heading', { level: 1, name: 'Abstract submission closed' })).toBeVisible();
  await expect(unsaved.getByRole('textbox', { name: 'Title (not saved)' })).toHaveValue('A TITLE TYPED JUST IN TIME');
  await expect(title).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit abstract' })).toHaveCount(0);
  await expectAccessible(page, 'new abstract not submitted in time');
});

/** Posts an abstract through the API as the logged-in delegate of `page`, while submission is open; answers the response. */
async function postAbstract(page: Page, title: string) {
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  // The session was opened on the pinned clock: API calls made here carry the same instant.
  const headers = { authorization: `Bearer ${token}`, 'x-app-now': OPEN };
  const options = await page.request.get('/api/v1/admin/contribute/options', { headers });
  expect(options.status(), await options.text()).toBe(200);
  const agreements = ((await options.json()) as { data: { submission_agreements: { value: string }[] } }).data.submission_agreements.map((a) => a.value);
  const author = { last_name: 'Zhang', first_name: 'Wei', email: 'wei@example.org', institute: 'NCC', city: 'Beijing', country: 'China' };
  return page.request.post('/api/v1/admin/contribute', {
    headers,
    data: {
      authors: [author],
      presenter_abstract: true,
      title_of_abstract: title,
      abstract_category: 'registration.data-quality',
      keywords: 'registry data quality',
      abstract_body: 'Body.',
      financial_support: false,
      conference_iacr_fellowship: false,
      conflict_of_interest_disclosure: 'None',
      agreements,
      submitter_date: '2024-05-10',
    },
  });
}

/** Saves abstracts through the API as the logged-in delegate of `page`; answers their ids. */
async function createAbstracts(page: Page, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const r = await postAbstract(page, title);
    expect(r.status(), await r.text()).toBe(200);
    ids.push(((await r.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

test('at the deadline, an edit not saved in time is shown apart from the abstract, labelled as not saved, and can be copied', async ({
  page,
  pinClock,
  consoleErrors,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'unsaved');
  const [id] = await createAbstracts(page, ['THE TITLE AS SAVED']);
  // Ten seconds before 16 May 2024 24:00 CST: the delegate changes the title and keywords, and does not save.
  await pinClock(JUST_BEFORE_DEADLINE);
  await page.goto(`/admin/upload-update/${id}`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('THE TITLE AS SAVED');
  await title.fill('THE TITLE TYPED AT 23:59');
  await page.getByRole('textbox', { name: 'Keywords', exact: true }).fill('registry; quality; late');

  // 24:00: the form shows the abstract as stored; what was typed is apart, under "not saved".
  const unsaved = page.getByRole('region', { name: 'The submission deadline passed before these changes were saved.' });
  await expect(unsaved).toBeVisible({ timeout: 15_000 });
  await expect(unsaved).toContainText('They are not part of your abstract.');
  await expect(page.getByRole('heading', { name: 'View abstract' })).toBeVisible();
  await expect(title).toHaveValue('THE TITLE AS SAVED');
  await expect(title).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Keywords', exact: true })).toHaveValue('registry data quality');
  await expect(unsaved.getByRole('textbox', { name: 'Title (not saved)' })).toHaveValue('THE TITLE TYPED AT 23:59');
  await expect(unsaved.getByRole('textbox', { name: 'Keywords (not saved)' })).toHaveValue('registry; quality; late');
  await expect(unsaved.getByRole('textbox', { name: 'Abstract (not saved)' })).toHaveCount(0); // unchanged fields are not repeated
  await unsaved.getByRole('button', { name: 'Copy title' }).click();
  await expect(unsaved.getByRole('button', { name: 'Copied title' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('THE TITLE TYPED AT 23:59');
  await unsaved.getByRole('button', { name: 'Copy all' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Title:\nTHE TITLE TYPED AT 23:59\n\nKeywords:\nregistry; quality; late');
  await expectAccessible(page, 'locked form with unsaved changes');

  // The server kept the abstract as saved.
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const stored = await page.request.get(`/api/v1/admin/contribute/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as { data: { title_of_abstract: string } }).data.title_of_abstract).toBe('THE TITLE AS SAVED');

  // Opened again after the deadline, the text is still there, still apart; it can be forgotten.
  await pinClock(CLOSED);
  await page.reload();
  await expect(unsaved.getByRole('textbox', { name: 'Title (not saved)' })).toHaveValue('THE TITLE TYPED AT 23:59');
  await expect(title).toHaveValue('THE TITLE AS SAVED');
  await unsaved.getByRole('button', { name: 'Forget this text' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Forget it' }).click();
  await expect(unsaved).toHaveCount(0);
  await page.reload();
  await expect(title).toHaveValue('THE TITLE AS SAVED');
  await expect(unsaved).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the success page says an abstract was saved only after a save; opened directly it leads to the abstracts', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'success');
  const [id] = await createAbstracts(page, ['A SAVED ABSTRACT']);
  await page.goto(`/admin/upload-update/${id}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/admin\/uploadSuccess$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload SUCCESS' })).toBeVisible();
  await expect(page.getByText('Your abstract “A SAVED ABSTRACT” has been saved.')).toBeVisible();

  // Opened directly (typed, bookmarked, in another tab): nothing was saved on the way. (Chromium
  // takes a goto to the URL on screen as a reload, which keeps the save's state: go elsewhere first.)
  await page.goto('/admin/center');
  await page.goto('/admin/uploadSuccess');
  await expect(page.getByRole('heading', { level: 1, name: 'Your abstracts' })).toBeVisible();
  await expect(page.getByText('Upload SUCCESS')).toHaveCount(0);
  await expect(page.getByText(/has been saved/)).toHaveCount(0);
  await expect(page.getByText(/confirmation e-mail/)).toHaveCount(0);
  await expectAccessible(page, 'success page opened directly');
  await page.getByRole('link', { name: 'View my abstracts' }).click();
  await expect(page).toHaveURL(/\/admin\/pre$/);
  await expect(page.getByRole('row', { name: /A SAVED ABSTRACT/ })).toBeVisible();

  // A save whose confirmation mail could not be sent (the server says so): the page does not claim it was.
  await expect(page.getByTestId('confirmation-mail')).toHaveCount(0);
  await page.goto(`/admin/upload-update/${id}`);
  await page.route(`**/api/v1/admin/contribute/${id}**`, async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, confirmation_mail_sent: false } } });
  });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload SUCCESS' })).toBeVisible();
  await expect(page.getByTestId('confirmation-mail')).toHaveText(/could not be sent just now/);
  await expect(page.getByText(/We have sent you a confirmation e-mail/)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('after a save the main button follows the profile as it is now: incomplete asks to complete it, complete leads back to the abstracts', async ({
  page,
  pinClock,
  consoleErrors,
}) => {
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'profile-state');
  const [id] = await createAbstracts(page, ['AN ABSTRACT SAVED TWICE']);
  const save = async () => {
    await page.goto(`/admin/upload-update/${id}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upload SUCCESS' })).toBeVisible();
  };

  // A new account has not completed its profile.
  await save();
  await expect(page.getByRole('link', { name: 'To complete profile' })).toHaveAttribute('href', '/admin/register/information');

  // The profile is completed (here on another device, so this browser's copy of it is old).
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const profile = { occupation: 'Epidemiologist', organization: 'National Cancer Center', country: 'China', mobile: '+86 10 8778 8000' };
  const updated = await page.request.post('/api/v1/admin/update', { headers: { authorization: `Bearer ${token}` }, data: profile });
  expect(updated.status(), await updated.text()).toBe(200);
  await save();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'BACK TO ABSTRACT SUBMISSION' })).toHaveAttribute('href', '/admin/pre');
  await expect(main.getByRole('link', { name: 'To complete profile' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the list disables the upload button at 5 abstracts', async ({ page, pinClock }) => {
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'five');
  await createAbstracts(page, ['ABSTRACT A', 'ABSTRACT B', 'ABSTRACT C', 'ABSTRACT D', 'ABSTRACT E']);
  await page.goto('/admin/pre');
  await expect(page.getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Upload an abstract' })).toBeDisabled();
  await expect(page.getByText('You have submitted 5 abstracts')).toBeVisible();
});

test('at 5 abstracts the new-abstract page says the limit before any form; the server refuses a sixth', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'sixth');
  await createAbstracts(page, ['ABSTRACT A', 'ABSTRACT B', 'ABSTRACT C', 'ABSTRACT D', 'ABSTRACT E']);
  // Reached directly (a bookmark, the guidelines' Submit button): the limit first, no form to fill in.
  await page.goto('/admin/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Abstract limit reached' })).toBeVisible();
  await expect(page.getByText('You have submitted the maximum of 5 abstracts.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit abstract' })).toHaveCount(0);
  await expectAccessible(page, 'abstract limit reached');
  await page.getByRole('link', { name: 'Your abstracts' }).click();
  await expect(page).toHaveURL(/\/admin\/pre$/);
  await expect(page.getByRole('heading', { name: 'ABSTRACT UPLOAD' })).toBeVisible();

  const sixth = await postAbstract(page, 'ABSTRACT F');
  expect(sixth.status()).toBe(409);
  expect(((await sixth.json()) as { message: string }).message).toBe('You can submit at most 5 abstracts.');
  expect(consoleErrors).toEqual([]);
});

test('on a phone the abstract list is a list of cards and the form fits the screen', async ({ page, pinClock }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await pinClock(OPEN);
  await logInAsNewDelegate(page, 'phone');
  await createAbstracts(page, ['REGISTRY COVERAGE ON A PHONE']);
  await page.goto('/admin/pre');
  const cards = page.getByRole('list', { name: 'Your abstracts' });
  await expect(cards.getByText('REGISTRY COVERAGE ON A PHONE')).toBeVisible();
  await expect(cards.getByRole('link', { name: /^Edit/ })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0); // the table is for wider screens
  await expectAccessible(page, 'abstract list on a phone');
  await page.goto('/admin/upload');
  await expect(page.getByRole('button', { name: 'Choose PDF files' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'abstract form on a phone');
});

test('after the deadline, the guidelines and the new-abstract page say submission is closed', async ({ page, pinClock }) => {
  await logInAsNewDelegate(page, 'closed');
  await pinClock(CLOSED);
  await page.goto('/abstract/submission');
  const main = page.getByRole('main');
  await expect(main.getByText('Abstract submission is closed.')).toBeVisible();
  await expect(main.getByRole('status').getByText('16 May 2024, 24:00 CST (UTC+8)')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Submit an abstract' })).toBeHidden();
  await main.getByRole('link', { name: 'Your abstracts' }).click();
  await expect(page).toHaveURL(/\/admin\/pre$/);

  await page.goto('/admin/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Abstract submission closed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'View abstract' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Your abstracts' })).toBeVisible();

  await pinClock(OPEN);
  await page.goto('/abstract/submission');
  await expect(page.getByRole('main').getByRole('link', { name: 'Submit an abstract' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Abstract submission is closed.')).toBeHidden();
});

test('the abstract form paints its lead from its HTML, before any script: a new abstract and the edit route of any abstract', async ({ browser }) => {
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const html = await bare.newPage();
  for (const path of ['/admin/upload', '/admin/upload-update/any-abstract']) {
    await html.goto(path);
    await expect(html.getByText('Deadline for abstract submission: 16 May 2024, 24:00 CST (UTC+8). Fields marked * are required.'), path).toBeVisible();
    // No title yet: it depends on the delegate and the clock (edit, view, closed, limit reached).
    await expect(html.getByRole('heading', { level: 1 }), path).toHaveCount(0);
  }
  await bare.close();
});
