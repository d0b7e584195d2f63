/**
 * The session for React components: `useSession` over the store of web/src/lib/session-store.ts.
 * During pre-rendering and hydration the server snapshot (logged out) is used, so pre-rendered
 * pages hydrate cleanly; the header shows the right items from the first paint through CSS.
 */
import { useSyncExternalStore } from 'react';
import { loggedOut, session, type SessionState } from './session-store';

export { session, type SessionState } from './session-store';

export function useSession<Info = Record<string, unknown>>(): SessionState<Info> {
  return useSyncExternalStore(session.subscribe, session.get, () => loggedOut) as SessionState<Info>;
}
