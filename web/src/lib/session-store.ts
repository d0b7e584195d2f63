/**
 * The delegate's session in the browser, kept where the spec keeps it (localStorage keys
 * userToken, userID and userInfo). No React here: the islands of the static pages use it too
 * (web/src/lib/session.ts adds the hook for the SPA).
 *
 * `<html data-session="in">` marks a logged-in visitor, so that CSS shows the matching header
 * items before any script runs (no layout shift): `sessionFlagScript` sets it inline in <head>
 * (allowed by its hash in the content security policy), and every change here keeps it current.
 */
export const SESSION_KEYS = { token: 'userToken', id: 'userID', info: 'userInfo' } as const;

/**
 * The inline <head> script of every page; its SHA-256 is in the CSP (infra/site/routing.ts). It
 * also sets `<html data-office="in">` for an organiser (user info `office`), whose menu links to
 * the registration office, and `<html data-review="in">` for a reviewer or committee member
 * (user info `review`), whose menu links to the abstract review.
 */
export const sessionFlagScript = `try{if(localStorage.getItem(${JSON.stringify(SESSION_KEYS.token)})){var d=document.documentElement;d.setAttribute("data-session","in");var i=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_KEYS.info)})||"{}")||{};if(i.office===true)d.setAttribute("data-office","in");if(i.review===true)d.setAttribute("data-review","in")}}catch(e){}`;

export interface SessionState<Info = Record<string, unknown>> {
  token: string | null;
  userId: string | null;
  info: Info | null;
}

export const loggedOut: SessionState = { token: null, userId: null, info: null };
const listeners = new Set<() => void>();
let cached: SessionState | undefined;
/** The server ended the session (a 401) in this page's life; a login resets it. */
let endedByServer = false;

function read(): SessionState {
  if (typeof window === 'undefined') return loggedOut;
  try {
    const token = localStorage.getItem(SESSION_KEYS.token);
    const userId = localStorage.getItem(SESSION_KEYS.id);
    const raw = localStorage.getItem(SESSION_KEYS.info);
    return { token, userId, info: raw ? (JSON.parse(raw) as Record<string, unknown>) : null };
  } catch {
    return loggedOut;
  }
}

/** Sets `<html data-session>` (and `data-office` for an organiser) from the stored session (the inline script does it on first paint). */
export function markSession() {
  const { token, info } = session.get();
  const root = document.documentElement;
  if (token) root.setAttribute('data-session', 'in');
  else root.removeAttribute('data-session');
  if (token && info?.office === true) root.setAttribute('data-office', 'in');
  else root.removeAttribute('data-office');
  if (token && info?.review === true) root.setAttribute('data-review', 'in');
  else root.removeAttribute('data-review');
}

function changed() {
  cached = undefined;
  if (typeof document !== 'undefined') markSession();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(SESSION_KEYS).includes(e.key as never)) changed();
  });
}

export const session = {
  get(): SessionState {
    cached ??= read();
    return cached;
  },
  token(): string | null {
    return session.get().token;
  },
  set(values: { token?: string; userId?: string; info?: unknown }) {
    if (values.token !== undefined) endedByServer = false;
    if (values.token !== undefined) localStorage.setItem(SESSION_KEYS.token, values.token);
    if (values.userId !== undefined) localStorage.setItem(SESSION_KEYS.id, values.userId);
    if (values.info !== undefined) localStorage.setItem(SESSION_KEYS.info, JSON.stringify(values.info));
    changed();
  },
  clear() {
    for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
    changed();
  },
  /** The server answered 401: the session is over. Pages can tell this from a visitor who never logged in. */
  end() {
    endedByServer = true;
    session.clear();
  },
  endedByServer: () => endedByServer,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
