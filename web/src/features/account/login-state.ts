/**
 * The router state of a trip to /login (set by the guard of delegate pages): `from` is the page to
 * return to after login; `sessionEnded` says that the server ended the session (a 401), so the
 * login page says so instead of leaving the delegate to wonder why they are there.
 */
export interface LoginState {
  from?: string;
  sessionEnded?: boolean;
}
