/**
 * A delegate's account journey in the browser: sign up, activate from the mailed link, log in,
 * edit the profile, change the password (and be logged out), reset a forgotten password from the
 * mailed link, come back to a protected page after login; the resend countdown survives a reload.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logInAsNewDelegate, mailedLink, test, uniqueEmail } from './fixtures';

const PASSWORD = 'correct horse battery';

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/register/StepOne');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/common\/register\/success\/created$/);
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function activeDelegate(page: Page) {
  const email = uniqueEmail('journey');
  await signUp(page, email);
  await page.goto(await mailedLink(email, 'activate'));
  await expect(page.getByText('Your account is activated. You can now log in.')).toBeVisible();
  return email;
}

test('sign up, activate, log in, edit the profile, change the password, reset a forgotten one', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('journey');
  await signUp(page, email);
  await expect(page.getByText(`We sent an activation e-mail to ${email}`)).toBeVisible();
  await expectAccessible(page, 'account created');

  // The link from the local mailbox activates the account.
  await page.goto(await mailedLink(email, 'activate'));
  await expect(page.getByText('Your account is activated. You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).last().click();

  // A login lands on the order list (the header's Account), which links to the account centre.
  await logIn(page, email);
  await expect(page).toHaveURL(/\/registration\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My registrations' })).toBeVisible();
  await page.getByRole('link', { name: 'account centre', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/center$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'My portal' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expectAccessible(page, 'account centre');

  // Profile: required fields, then saved and shown.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Occupation', exact: true }).fill('Cancer registrar');
  await page.getByRole('textbox', { name: 'Organisation', exact: true }).fill('Regional Cancer Registry');
  await page.getByRole('combobox', { name: 'Country or region' }).selectOption('Kenya');
  await page.getByRole('textbox', { name: 'Mobile', exact: true }).fill('+254 700 000 000');
  await expectAccessible(page, 'profile edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/center$/);
  await expect(page.getByText('Regional Cancer Registry')).toBeVisible();
  await expect(page.getByText('Welcome, Ada Lovelace.')).toBeVisible();

  // Change password: a wrong current password is refused, then the delegate must log in again.
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'change password');
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('not my password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second password 2');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('second password 2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The current password is incorrect.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/center');
  await expect(page).toHaveURL(/\/login$/);

  // Forgot password: the mailed link sets a new one.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expectAccessible(page, 'forgot');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page).toHaveURL(/\/common\/await$/);
  await expect(page.getByText('Check the spam or trash folder', { exact: false })).toBeVisible();
  await expectAccessible(page, 'await');
  await page.goto(await mailedLink(email, 'reset'));
  await expectAccessible(page, 'reset');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('third password 3');
  await page.getByRole('textbox', { name: 'Confirm the new password', exact: true }).fill('third password 3');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'second password 2');
  await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();
  await logIn(page, email, 'third password 3');
  await expect(page).toHaveURL(/\/registration\/list$/);

  // Logout from the delegate menu.
  await page.getByRole('button', { name: 'My portal' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  // The refusals above (wrong passwords) are logged by the browser as failed resources; nothing else may be.
  expect(consoleErrors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e))).toEqual([]);
});

test('a protected page opened while logged out returns to it after login', async ({ page }) => {
  const email = await activeDelegate(page);
  await page.goto('/admin/information/update');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/admin\/information\/update$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
});

test('the login and sign-up forms give the spec messages', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please input your E-mail!')).toBeVisible();
  await expect(page.getByText('Please enter your password!')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not an address');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The input is not valid E-mail!')).toBeVisible();
  await expect(page.getByText('register with a Gmail address', { exact: false })).toBeVisible();

  await page.goto('/register/StepOne');
  await expectAccessible(page, 'sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please input your E-mail!')).toBeVisible();
  await expect(page.getByText('Please input your password!')).toBeVisible();
  await expect(page.getByText('Please confirm your password!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('correct horsE');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Two passwords that you enter is inconsistent!')).toBeVisible();
});

test('an address registered but not activated offers to resend, at sign-up and at login', async ({ page }) => {
  const email = uniqueEmail('pending');
  await signUp(page, email);
  await page.goto('/register/StepOne');
  // The form is pre-rendered: the address is checked on leaving its field once the page has come
  // alive (its button enabled); a field left before that is checked at the next leaving.
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
  await expect(page.getByText('registered but not activated', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Activation Email' })).toBeVisible();

  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByText('Your account is not activated yet', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Resend Activation Email' }).click();
  await expect(page).toHaveURL(/\/common\/register\/success\/resend$/);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
});

test('the resend countdown survives a reload and is cleared on leaving the page', async ({ page }) => {
  const email = uniqueEmail('countdown');
  await signUp(page, email);
  await page.getByRole('link', { name: 'send it again' }).click();
  const button = page.getByRole('button', { name: /Resend available in \d+ s/ });
  await expect(button).toBeDisabled();
  const before = Number(/(\d+) s/.exec((await button.textContent()) ?? '')![1]);
  await page.reload();
  const after = Number(/(\d+) s/.exec((await page.getByRole('button', { name: /Resend available in \d+ s/ }).textContent()) ?? '')![1]);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(before);
  expect(await page.evaluate(() => localStorage.getItem('activationResendUntil'))).not.toBeNull();
  await page.getByRole('link', { name: 'I have completed activation' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The countdown page unmounts once the lazily loaded login page has rendered, just after the URL changes.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('activationResendUntil'))).toBeNull();
});

test('when the session ends on the server, the next request says so and offers to log in again, back to the page', async ({ page, consoleErrors }) => {
  const email = await logInAsNewDelegate(page, 'ended');
  await page.goto('/admin/center');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  // The session ends on the server (logged out on another device, a password change, expiry).
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const out = await page.request.post('/api/v1/admin/logout', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(out.status()).toBe(200);

  // The next page asks the server with the ended session: answered 401.
  await page.getByRole('main').getByRole('link', { name: 'Abstracts' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has ended.')).toBeVisible();
  await expect(page.getByText('Please log in again. You will return to the page you were on.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expectAccessible(page, 'login after the session ended');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/admin\/pre$/);
  await expect(page.getByRole('heading', { name: 'ABSTRACT UPLOAD' })).toBeVisible();
  expect(consoleErrors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e))).toEqual([]);
});

test('an activation link works once; opened again it says the account is already active and leads to the login', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('once');
  await signUp(page, email);
  const link = await mailedLink(email, 'activate');
  await page.goto(link);
  await expect(page.getByText('Your account is activated. You can now log in.')).toBeVisible();
  // A second click on the mailed link (or the mail read on another device).
  await page.goto('/home');
  await page.goto(link);
  await expect(page.getByText('Account already active')).toBeVisible();
  await expect(page.getByText('Your account is already active. You can log in.')).toBeVisible();
  await expect(page.getByText(/new activation e-mail/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Send a new activation e-mail' })).toHaveCount(0);
  await expectAccessible(page, 'used activation link of an active account');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/registration\/list$/);

  // A link that activates nothing still offers a new mail.
  await page.goto(`/common/activate/${'x'.repeat(43)}`);
  await expect(page.getByText('This activation link has expired or has already been used', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a new activation e-mail' })).toBeVisible();
  await expectAccessible(page, 'unknown activation link');
  expect(consoleErrors.filter((e) => !/Failed to load resource: the server responded with a status of 400/.test(e))).toEqual([]);
});

test('profile edit restores and announces only a real unsaved draft', async ({ page }) => {
  await logInAsNewDelegate(page, 'draft');
  const notice = page.getByText('Your unsaved changes from earlier were restored.');
  const occupation = page.getByRole('textbox', { name: 'Occupation', exact: true });

  // First visit: nothing was typed, nothing is announced (also after a reload).
  await page.goto('/admin/information/update');
  await expect(occupation).toBeVisible();
  await page.reload();
  await expect(occupation).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Typed and left unsaved: restored and announced.
  await occupation.fill('Cancer registrar');
  await page.reload();
  await expect(occupation).toHaveValue('Cancer registrar');
  await expect(notice).toBeVisible();

  // Saved: the next visit starts from the saved profile, without a notice.
  await page.getByRole('textbox', { name: 'Organisation', exact: true }).fill('Registry of Lyon');
  await page.getByRole('combobox', { name: 'Country or region' }).selectOption('France');
  await page.getByRole('textbox', { name: 'Mobile', exact: true }).fill('+33 6 12 34 56 78');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/center$/);
  await page.goto('/admin/information/update');
  await expect(occupation).toHaveValue('Cancer registrar');
  await expect(notice).toHaveCount(0);

  // Changed back to the saved value: nothing unsaved remains to announce.
  await occupation.fill('Epidemiologist');
  await occupation.fill('Cancer registrar');
  await page.reload();
  await expect(occupation).toHaveValue('Cancer registrar');
  await expect(notice).toHaveCount(0);
});

test('the account centre says when registration opens, then whether it is paid', async ({ page, pinClock }) => {
  await logInAsNewDelegate(page, 'badge');
  await pinClock('2024-05-10T02:00:00Z');
  await page.goto('/admin/center');
  await expect(page.getByText('Registration opens on 18 July 2024, 00:00 CST (UTC+8)')).toBeVisible();
  // On a phone the whole sentence stays on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const badge = (await page.getByText('Registration opens on 18 July 2024, 00:00 CST (UTC+8)').boundingBox())!;
  const card = (await page.getByRole('heading', { name: 'Personal information' }).locator('xpath=ancestor::*[contains(@class, "card__root")][1]').boundingBox())!;
  expect(badge.x).toBeGreaterThanOrEqual(card.x);
  expect(badge.x + badge.width).toBeLessThanOrEqual(card.x + card.width - 8);
  await page.screenshot({ path: 'test-results/center-opening-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText('Registration unpaid')).toHaveCount(0);
  await pinClock('2024-07-18T02:00:00Z');
  await page.reload();
  await expect(page.getByText('Registration unpaid')).toBeVisible();
});

test('on a phone a long e-mail address stays inside the account centre card', async ({ page }) => {
  const email = await logInAsNewDelegate(page, 'registre-general-des-cancers-de-la-region');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/center');
  const value = page.getByText(email, { exact: true });
  await expect(value).toBeVisible();
  const card = (await page.getByRole('heading', { name: 'Personal information' }).locator('xpath=ancestor::*[contains(@class, "card__root")][1]').boundingBox())!;
  const box = (await value.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/center-long-email-390.png' });
});

test('a pre-rendered form cannot be sent before its script runs (the password never reaches the address bar)', async ({ page }) => {
  // The page's HTML paints first; its scripts never arrive here (as on a phone network that drops them).
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  for (const path of ['/login', '/register/StepOne']) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(password).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('early@example.org');
    await password.fill('secret password 1');
    await expect(page.getByRole('button', { name: /^(Log in|Create account)$/ })).toBeDisabled();
    await password.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain('password');
    expect(new URL(page.url()).pathname).toBe(path);
  }
});

test('after changing the password the delegate logs in again and lands on the account centre', async ({ page }) => {
  const email = await logInAsNewDelegate(page, 'relogin');
  await page.goto('/admin/center');
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a new password 4');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('a new password 4');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in with your new password.')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a new password 4');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/center$/);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
});

/**
 * The header items matching `selector` that something lies over (a click at their centre would not
 * reach them), checked in one go while the notice shows (a success notice lasts 2 seconds).
 */
function coveredWhileNoticeShows(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const notice = [...document.querySelectorAll('.chakra-toast__root')].some((t) => t.getBoundingClientRect().height > 0);
    const checked: string[] = [];
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (!el.checkVisibility()) continue;
      // An item below the fold of the open phone menu is scrolled to, as a person would.
      el.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const name = el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName;
      checked.push(name);
      if (!(top === el || el.contains(top))) covered.push(`${name} (under ${top?.className ?? 'nothing'})`);
    }
    return { notice, checked, covered };
  }, selector);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the notice after saving the profile leaves the header's account links free to click`, async ({ page }) => {
    await logInAsNewDelegate(page, 'toast');
    await page.setViewportSize(viewport);
    await page.goto('/admin/information/update');
    await page.getByRole('textbox', { name: 'Occupation', exact: true }).fill('Cancer registrar');
    await page.getByRole('textbox', { name: 'Organisation', exact: true }).fill('Registry of Lyon');
    await page.getByRole('combobox', { name: 'Country or region' }).selectOption('France');
    await page.getByRole('textbox', { name: 'Mobile', exact: true }).fill('+33 6 12 34 56 78');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/center$/);
    await expect(page.getByText('The update was successful.')).toBeVisible();

    const desktop = viewport.width >= 1024;
    // The header's account links as they show at this width, then the menu they open, all uncovered.
    const bar = await coveredWhileNoticeShows(page, desktop ? '[data-site-header] nav a[href="/registration/list"], [aria-controls="delegate-menu"]' : '[aria-controls="mobile-nav"]');
    expect(bar.notice, 'the notice shows').toBe(true);
    expect(bar.checked).toEqual(desktop ? ['Account', 'My portal'] : ['Menu']);
    expect(bar.covered).toEqual([]);
    await page.locator(desktop ? '[aria-controls="delegate-menu"]' : '[aria-controls="mobile-nav"]').click();
    const menu = await coveredWhileNoticeShows(page, desktop ? '#delegate-menu a, #delegate-menu button' : '#mobile-nav a, #mobile-nav button');
    expect(menu.notice, 'the notice still shows').toBe(true);
    expect(menu.checked).toEqual(expect.arrayContaining(['Account', 'Abstract upload', 'Poster upload', 'Oral upload', 'Log out'].slice(desktop ? 1 : 0)));
    expect(menu.covered).toEqual([]);
    await page.locator(desktop ? '[data-site-header] nav' : '#mobile-nav').getByRole('link', { name: desktop ? 'Abstract upload' : 'Account' }).click();
    await expect(page).toHaveURL(desktop ? /\/admin\/pre$/ : /\/registration\/list$/);
  });
}

test('a button keeps its name while it works (a screen reader hears what is busy, not a nameless button)', async ({ page }) => {
  await logInAsNewDelegate(page, 'busy');
  await page.goto('/admin/updatePassword');
  // The change waits for a slow server: the button shows its spinner meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/admin/change_password', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('textbox', { name: 'Current password' }).fill('not the password');
  await page.getByRole('textbox', { name: 'New password' }).fill('another horse battery');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('another horse battery');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const busy = page.locator('button[data-loading]');
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAccessibleName('Change Password');
  await expectAccessible(page, 'change password, busy');
  await busy.screenshot({ path: 'test-results/busy-button.png' });
  // Its text stays out of sight: the spinner shows in its place, the button keeps its size.
  expect(await busy.evaluate((b) => getComputedStyle(b.querySelector('span > span')!).color)).toBe('rgba(0, 0, 0, 0)');
  release();
  // Done: the answer is shown, the button is itself again.
  await expect(page.getByRole('alert')).toContainText('The current password is incorrect.');
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeEnabled();
});
