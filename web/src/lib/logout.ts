/**
 * Logout (spec section 4): ends the session on the server, clears token, id and info, drops the
 * form drafts of this browser (they may hold co-authors' details on a shared computer), and goes
 * to /login with a fresh page, so no delegate data stays in memory. Local state is cleared even
 * when the server cannot be reached. Used by the header on static pages and in the SPA alike.
 */
import { routes } from '#core/routes';
import { paths } from '../config/paths';
import { callApi } from './api-client';
import { clearAllDrafts } from './drafts';
import { session } from './session-store';

export async function logOut() {
  await callApi(routes.logout, { body: {} }).catch(() => undefined);
  session.clear();
  clearAllDrafts();
  window.location.assign(paths.login);
}
