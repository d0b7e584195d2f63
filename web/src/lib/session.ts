/**
 * The delegate's session in the browser, kept where the spec keeps it (localStorage keys
 * userToken, userID and userInfo) and shared by every component through useSyncExternalStore.
 * During pre-rendering and hydration the server snapshot (logged out) is used, so pre-rendered
 * pages hydrate cleanly and then show the logged-in header.
 */
import { useSyncExternalStore } from 'react';

const KEYS = { token: 'userToken', id: 'userID', info: 'userInfo' } as const;

export interface SessionState<Info = Record<string, unknown>> {
  token: string | null;
  userId: string | null;
  info: Info | null;
}

const loggedOut: SessionState = { token: null, userId: null, info: null };
const listeners = new Set<() => void>();
let cached: SessionState | undefined;

function read(): SessionState {
  if (typeof window === 'undefined') return loggedOut;
  try {
    const token = localStorage.getItem(KEYS.token);
    const userId = localStorage.getItem(KEYS.id);
    const raw = localStorage.getItem(KEYS.info);
    return { token, userId, info: raw ? (JSON.parse(raw) as Record<string, unknown>) : null };
  } catch {
    return loggedOut;
  }
}

function changed() {
  cached = undefined;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(KEYS).includes(e.key as never)) changed();
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
    if (values.token !== undefined) localStorage.setItem(KEYS.token, values.token);
    if (values.userId !== undefined) localStorage.setItem(KEYS.id, values.userId);
    if (values.info !== undefined) localStorage.setItem(KEYS.info, JSON.stringify(values.info));
    changed();
  },
  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useSession<Info = Record<string, unknown>>(): SessionState<Info> {
  return useSyncExternalStore(session.subscribe, session.get, () => loggedOut) as SessionState<Info>;
}
