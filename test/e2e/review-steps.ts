/** Steps the review's browser journeys share: a page on a pinned clock, a member of the review team. */
import type { Browser, Page } from '@playwright/test';
import { api, bearer, expect, logInAsNewDelegate } from './fixtures';
import { logIn } from './office-ui-steps';

/** The review runs 17 May to 14 June 2024 (CST). */
export const REVIEWING = '2024-05-20T02:00:00Z';

/** A page whose requests carry the portal's clock `at` (and a client address of its own). */
export async function pinnedPage(browser: Browser, at: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': at, 'x-local-client-ip': `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  return context.newPage();
}

/** A person with an account, given review roles by the office (through its API), then logged in again so the menu knows. */
export async function teamMember(browser: Browser, office: Page, tag: string, roles: { reviewer_categories?: string[]; committee?: boolean }, organization = 'Cancer Registry of Norway') {
  const page = await pinnedPage(browser, REVIEWING);
  const email = await logInAsNewDelegate(page, tag);
  const profile = await page.request.post(api('/update'), { data: { occupation: 'Epidemiologist', organization, country: 'Norway', mobile: '+47 1234 5678' }, headers: await bearer(page) });
  expect(profile.status(), await profile.text()).toBe(200);
  const granted = await office.request.put(api('/office/review_team'), { data: { email, ...roles }, headers: await bearer(office) });
  expect(granted.status(), await granted.text()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await logIn(page, email);
  return { page, email };
}

/** The account id of the person logged in on `page`. */
export async function userIdOn(page: Page) {
  const me = await page.request.get(api('/get_person_info'), { headers: await bearer(page) });
  expect(me.status(), await me.text()).toBe(200);
  return ((await me.json()) as { data: { id: string } }).data.id;
}

/**
 * Makes sure each of `reviewers` holds the abstract, by the committee's hand move (through the API,
 * as the committee's page calls it): a place held by someone else moves to them, or one is added.
 */
export async function placeWith(committee: Page, abstractId: string, reviewers: Page[]) {
  const ours = await Promise.all(reviewers.map(userIdOn));
  for (const id of ours) {
    const view = await committee.request.get(api(`/review/committee/abstracts/${abstractId}`), { headers: await bearer(committee) });
    expect(view.status(), await view.text()).toBe(200);
    const held = ((await view.json()) as { data: { reviews: { reviewer_id: string; state: string }[] } }).data.reviews;
    if (held.some((h) => h.reviewer_id === id && h.state !== 'declined' && h.state !== 'removed')) continue;
    const foreign = held.find((h) => (h.state === 'assigned' || h.state === 'draft') && !ours.includes(h.reviewer_id));
    const moved = await committee.request.put(api(`/review/committee/assignments/${abstractId}`), {
      data: { add_reviewer_id: id, ...(foreign ? { remove_reviewer_id: foreign.reviewer_id } : {}) },
      headers: await bearer(committee),
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/**
 * Runs the review assignment as the committee's page does (an office job, followed by its id until
 * done), so that an abstract submitted before has its reviewers. While another journey's run is
 * under way (409, one run at a time; the answer names that run) it waits for that one and asks
 * again. The run is followed by its own id: the newest run in the list may be another journey's,
 * whose clock (and so whose id) is later than this one's.
 */
export async function runAssignmentFor(committee: Page) {
  const stateOf = async (job: string) => {
    const runs = await committee.request.get(api(`/review/assignments?job=${encodeURIComponent(job)}`), { headers: await bearer(committee) });
    return ((await runs.json()) as { data: { job: { state: string } | null } }).data.job?.state;
  };
  for (let attempt = 0; attempt < 6; attempt++) {
    const run = await committee.request.post(api('/review/assignments/run'), { data: {}, headers: await bearer(committee) });
    expect([200, 409], await run.text()).toContain(run.status());
    const body = (await run.json()) as { data: { job: { id: string } | string } };
    const job = typeof body.data.job === 'string' ? body.data.job : body.data.job.id;
    await expect.poll(() => stateOf(job), { timeout: 90_000 }).toBe('done');
    if (run.status() === 200) return;
  }
  throw new Error('The assignment never ran: another run was always under way');
}
