/**
 * Granting and revoking the organiser role: only the command line does it (scripts/organiser.ts);
 * no route can. Each change is audited (`role.granted`, `role.revoked`, `second_factor.reset`).
 * A revoked organiser's next office request is refused (the role is read on every request). Each
 * grant has a new id: a second-factor pass made under an earlier grant (revoked and granted
 * again) opens nothing, and neither does one made under an authenticator since reset
 * (core/office/access.ts).
 */
import type { User } from '../accounts/model';
import { auditEntry, type Actor } from '../audit/audit';
import type { SecondFactorStore } from './ports';

export interface OrganiserStore {
  /** Sets (with the grant's id) or removes the role; false when it already was so. */
  setRole(userId: string, role: 'organiser' | 'delegate', email: string, audit: ReturnType<typeof auditEntry>, grantId?: string): Promise<boolean>;
  listOrganisers(): Promise<{ userId: string; email: string }[]>;
}

export interface OrganiserDeps {
  organisers: OrganiserStore;
  secondFactors: Pick<SecondFactorStore, 'get' | 'reset'>;
  findUserByEmail(email: string): Promise<User | undefined>;
  /** A new grant's id (random). */
  newId(): string;
}

export class CommandError extends Error {}

async function accountOf(deps: OrganiserDeps, email: string) {
  const user = await deps.findUserByEmail(email.trim().toLowerCase());
  if (!user) throw new CommandError(`No account uses ${email}: the person signs up on the site (and activates the account) first.`);
  return user;
}

export async function grantOrganiser(deps: OrganiserDeps, email: string, actor: Actor, now: Date) {
  const user = await accountOf(deps, email);
  if (user.status === 0) throw new CommandError(`${user.email} has not activated the account yet: the activation link in the sign-up mail comes first.`);
  const changed = await deps.organisers.setRole(
    user.id,
    'organiser',
    user.email,
    auditEntry({ action: 'role.granted', actor, at: now, object: { type: 'account', id: user.id }, before: { role: user.role ?? 'delegate' }, after: { role: 'organiser' } }),
    deps.newId(),
  );
  return changed
    ? `${user.email} is now an organiser. On the first visit to /office they set up an authenticator app.`
    : `${user.email} already is an organiser.`;
}

export async function revokeOrganiser(deps: OrganiserDeps, email: string, actor: Actor, now: Date) {
  const user = await accountOf(deps, email);
  const changed = await deps.organisers.setRole(
    user.id,
    'delegate',
    user.email,
    auditEntry({ action: 'role.revoked', actor, at: now, object: { type: 'account', id: user.id }, before: { role: 'organiser' }, after: { role: 'delegate' } }),
  );
  return changed ? `${user.email} is no longer an organiser (refused from the next office request).` : `${user.email} was not an organiser.`;
}

/** An organiser lost the phone and the recovery codes: the next office visit sets up a new app. */
export async function resetSecondFactor(deps: OrganiserDeps, email: string, actor: Actor, now: Date) {
  const user = await accountOf(deps, email);
  const record = await deps.secondFactors.get(user.id);
  if (!record?.secret && !record?.pendingSecret) return `${user.email} has no authenticator set up.`;
  await deps.secondFactors.reset(user.id, auditEntry({ action: 'second_factor.reset', actor, at: now, object: { type: 'account', id: user.id } }));
  return `${user.email}'s authenticator was removed: the next visit to /office sets up a new one.`;
}

export async function listOrganisers(deps: OrganiserDeps) {
  const organisers = await deps.organisers.listOrganisers();
  const rows = await Promise.all(
    organisers.map(async (o) => {
      const record = await deps.secondFactors.get(o.userId);
      return `${o.email}\t${record?.secret ? `authenticator set up ${record.enrolledAt?.slice(0, 10) ?? ''}` : 'authenticator not set up yet'}`;
    }),
  );
  return rows.length ? rows.sort().join('\n') : 'No organisers yet. Grant the role with: npm run organiser -- grant EMAIL';
}
