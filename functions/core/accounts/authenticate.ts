/**
 * Who is behind a request's api_token: every authenticated function runs this, so it lives apart
 * from the account rules (accounts.ts, which re-exports it) and their mail texts, which a cold
 * start would otherwise load for nothing.
 */
import { unauthorized } from '../errors';
import type { AccountDeps } from './ports';

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** The delegate behind an api_token, or 401 (unknown, expired, logged out, or password changed since). */
export async function authenticate(deps: Pick<AccountDeps, 'sessions' | 'store' | 'secrets'>, token: string, now: Date) {
  const hash = deps.secrets.hashToken(token);
  const session = await deps.sessions.get(hash);
  if (!session || session.expiresAt.getTime() <= now.getTime()) throw unauthorized(SESSION_ENDED);
  const user = await deps.store.getUser(session.userId);
  if (!user || user.deleted_at || user.session_epoch !== session.epoch) throw unauthorized(SESSION_ENDED);
  return {
    userId: user.id,
    sessionId: hash,
    email: user.email,
    role: user.role ?? 'delegate',
    organiserGrant: user.organiser_grant,
    reviewRoles: user.review_roles,
    secondFactorAt: session.secondFactorAt,
    secondFactorPass: session.secondFactorPass,
    officeSeenAt: session.officeSeenAt,
    names: { first_name: user.first_name, last_name: user.last_name, order_names: user.order_names, order_names_v: user.order_names_v },
  };
}

