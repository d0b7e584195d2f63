/**
 * Who may use the registration office: an account with the organiser role (granted only by the
 * command line, scripts/organiser.ts) whose session has passed a second factor (a TOTP code from
 * an authenticator app, or one of ten single-use recovery codes) and has used the office within
 * the last 12 hours. Enrolment happens on the first office visit: a secret shown as a QR code
 * and as text, confirmed by one code, then ten recovery codes shown once (stored hashed).
 * Wrong codes are limited like wrong passwords.
 *
 * A session's pass names what it was made under: the enrolment (its factorId) and the organiser
 * grant (the profile's organiser_grant). Every office request checks both against the current
 * ones, so `npm run organiser -- reset-second-factor`, a new enrolment, or a revoke and re-grant
 * end every pass made before it at once (not 12 hours later).
 */
import { auditEntry, type Actor } from '../audit/audit';
import type { Claim, Principal, Secrets, Throttle } from '../accounts/ports';
import { officeLimits, officeTiming } from '../config/conference';
import { AppError, conflict, rateLimited } from '../errors';
import { text } from '../i18n/messages';
import type { OfficeSessions, SecondFactorPass, SecondFactorRecord, SecondFactorStore, Totp } from './ports';

export const officeMessages = {
  organisersOnly: 'This is for the registration office only.',
  committeeOnly: 'This is for the programme committee only.',
  reviewersOnly: 'This is for the abstract reviewers only.',
  secondFactorRequired: 'Please confirm it is you with the 6-digit code from your authenticator app to open the registration office.',
  enrolmentRequired: 'Please set up your authenticator app to open the registration office.',
  idle: `Your registration office session ended after ${officeTiming.idleHours} hours without activity. Please confirm it is you with your authenticator code again.`,
  alreadyEnrolled: 'Your authenticator app is already set up. Enter a code from it (or a recovery code) to continue.',
  noEnrolment: 'Please start the set-up again: scan the new QR code, then enter the code it shows.',
  wrongCode: 'This code is not right (or was already used). Enter the current 6-digit code from your authenticator app.',
  wrongRecoveryCode: 'This recovery code is not right or was already used.',
  tooMany: (minutes: number) => `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  enrolled: 'Your authenticator app is set up. Keep the recovery codes somewhere safe: each opens the office once if you lose your phone.',
  verified: 'Welcome to the registration office.',
} as const;

/** The messages with values by their catalog ids (office.json); their English is `officeMessages`' word for word. */
export const officeTexts = {
  idle: text('api.office.access.idle', { hours: String(officeTiming.idleHours) }),
  tooMany: (minutes: number) => text('api.office.access.tooMany', { minutes: String(minutes), count: minutes }),
};

/** Distinguishes the second-factor refusals in the envelope (the office page picks what to show). */
export const OFFICE_GATE = { enrol: 'enrol', verify: 'verify' } as const;

/** The session's owner as authenticate answers it (with the office marks of the session). */
export type OfficePrincipal = Principal;

export interface OfficeAccessDeps {
  secondFactors: SecondFactorStore;
  sessions: OfficeSessions;
  throttle: Throttle;
  secrets: Pick<Secrets, 'hashToken'>;
  totp: Totp;
  /** Random recovery codes (10 characters of Crockford base32, shown as xxxxx-xxxxx). */
  newRecoveryCode(): string;
  /** A new enrolment's identity (random, unguessable). */
  newId(): string;
}

const HOUR = 3600_000;

/** The enrolment or grant of an organiser from before passes named them (both compare equal to this until they change). */
export const LEGACY_PASS_ID = 'legacy';

/**
 * The grants a pass is made under: the organiser grant, the review committee's, or both for an
 * organiser on the committee (an organiser's alone reads as it always did). Revoking either, or
 * granting the other, ends the pass.
 */
export function passGrantOf(p: Pick<OfficePrincipal, 'role' | 'organiserGrant' | 'reviewRoles'>): string {
  const organiser = p.role === 'organiser' ? (p.organiserGrant ?? LEGACY_PASS_ID) : undefined;
  const committee = p.reviewRoles?.committee?.grant;
  return [organiser, committee].filter(Boolean).join('+') || LEGACY_PASS_ID;
}

/** What a pass made now would be made under; undefined while no authenticator is set up. */
function currentPass(p: Pick<OfficePrincipal, 'role' | 'organiserGrant' | 'reviewRoles'>, record: SecondFactorRecord | undefined): SecondFactorPass | undefined {
  if (!record?.secret) return undefined;
  return { factor: record.factorId ?? LEGACY_PASS_ID, grant: passGrantOf(p) };
}

/**
 * Who a second-factor gated route is for: the registration office (organisers), the review
 * committee, or either (the routes that set up and check the second factor itself).
 */
export type OfficeAudience = 'organiser' | 'committee' | 'either';

/** The audience of a signed-in route's role, if it has one (a delegate route has none). */
export function audienceOf(route: { auth: string; secondFactor?: false }): OfficeAudience | 'reviewer' | undefined {
  if (route.auth === 'organiser') return route.secondFactor === false ? 'either' : 'organiser';
  if (route.auth === 'committee') return 'committee';
  if (route.auth === 'reviewer') return 'reviewer';
  return undefined;
}

/** Refuses an account without the role the route needs (the role is read on every request). */
export function assertRouteRole(route: { auth: string; secondFactor?: false }, p: Pick<OfficePrincipal, 'role' | 'reviewRoles'>) {
  const audience = audienceOf(route);
  if (audience === 'reviewer') {
    if (!p.reviewRoles?.reviewer) throw new AppError('forbidden', officeMessages.reviewersOnly);
  } else if (audience && !inAudience(p, audience)) {
    throw new AppError('forbidden', audience === 'committee' ? officeMessages.committeeOnly : officeMessages.organisersOnly);
  }
}

/** Whether the account holds the role the audience needs (read on every request). */
export function inAudience(p: Pick<OfficePrincipal, 'role' | 'reviewRoles'>, audience: OfficeAudience): boolean {
  const organiser = p.role === 'organiser';
  const committee = Boolean(p.reviewRoles?.committee);
  return audience === 'organiser' ? organiser : audience === 'committee' ? committee : organiser || committee;
}

/** Whether the session's pass was made under the current enrolment and grant. */
function passHolds(p: OfficePrincipal, record: SecondFactorRecord | undefined) {
  const current = currentPass(p, record);
  return Boolean(p.secondFactorAt && p.secondFactorPass && current && p.secondFactorPass.factor === current.factor && p.secondFactorPass.grant === current.grant);
}

export const organiserActor = (p: Pick<OfficePrincipal, 'userId' | 'email'>): Actor => ({ kind: 'organiser', id: p.userId, email: p.email });

/**
 * Whether this session may use an office route at `now`. `secondFactor: false` is for the routes
 * that enrol and verify the second factor themselves. Throws the refusal the office page shows.
 */
export async function assertOfficeSession(
  deps: Pick<OfficeAccessDeps, 'secondFactors' | 'sessions'>,
  p: OfficePrincipal,
  now: Date,
  options: { secondFactor: boolean; audience?: OfficeAudience },
) {
  const audience = options.audience ?? 'organiser';
  if (!inAudience(p, audience)) throw new AppError('forbidden', audience === 'committee' ? officeMessages.committeeOnly : officeMessages.organisersOnly);
  if (!options.secondFactor) return;
  // Read on every request: a pass made under an authenticator since removed, or a grant since revoked, opens nothing.
  const record = await deps.secondFactors.get(p.userId);
  if (!p.secondFactorAt || !passHolds(p, record)) {
    const gate = record?.secret ? OFFICE_GATE.verify : OFFICE_GATE.enrol;
    throw new AppError('forbidden', gate === OFFICE_GATE.enrol ? officeMessages.enrolmentRequired : officeMessages.secondFactorRequired, { second_factor: gate });
  }
  const lastSeen = Math.max(p.secondFactorAt.getTime(), p.officeSeenAt?.getTime() ?? 0);
  if (now.getTime() - lastSeen > officeTiming.idleHours * HOUR) {
    throw new AppError('forbidden', officeTexts.idle, { second_factor: OFFICE_GATE.verify });
  }
  // Counted from the last request; a write at most once a minute.
  if (now.getTime() - lastSeen > 60_000) await deps.sessions.touch(p.sessionId, now);
}

/** What the office page needs to know first: set up, or confirm, or open. */
export async function secondFactorStatus(deps: Pick<OfficeAccessDeps, 'secondFactors'>, p: OfficePrincipal, now: Date) {
  const record = await deps.secondFactors.get(p.userId);
  const lastSeen = Math.max(p.secondFactorAt?.getTime() ?? 0, p.officeSeenAt?.getTime() ?? 0);
  return {
    enrolled: Boolean(record?.secret),
    verified: passHolds(p, record) && now.getTime() - lastSeen <= officeTiming.idleHours * HOUR,
    recovery_codes_left: record?.secret ? record.recoveryCodes.length : 0,
    email: p.email,
  };
}

/** A new secret to scan (replacing one shown earlier and never confirmed). */
export async function startEnrolment(deps: OfficeAccessDeps, p: OfficePrincipal, now: Date) {
  const secret = deps.totp.newSecret();
  const saved = await deps.secondFactors.savePending(
    p.userId,
    secret,
    auditEntry({ action: 'second_factor.enrolment_started', actor: organiserActor(p), at: now, object: { type: 'account', id: p.userId } }),
  );
  if (saved === 'already-enrolled') throw conflict(officeMessages.alreadyEnrolled);
  return { message: 'Scan the QR code with your authenticator app, then enter the code it shows.', data: { secret, otpauth_uri: deps.totp.uri(secret, p.email) } };
}

async function claimAttempt(deps: Pick<OfficeAccessDeps, 'throttle'>, p: OfficePrincipal, client: string, now: Date) {
  const taken: Claim[] = [];
  for (const [key, rule] of [
    [`second-factor:${p.userId}`, officeLimits.wrongCodesPerOrganiser],
    [`second-factor-client:${client}`, officeLimits.wrongCodesPerClient],
  ] as const) {
    const claim = await deps.throttle.claim(key, rule.limit, rule.windowSeconds, now);
    if (!claim.allowed) {
      await Promise.all(taken.map((c) => deps.throttle.release(c)));
      throw rateLimited(officeTexts.tooMany(Math.max(1, Math.ceil(claim.retryAfterSeconds / 60))), claim.retryAfterSeconds);
    }
    taken.push(claim);
  }
  return taken;
}

/** Confirms enrolment with a code from the app; answers the recovery codes, once. */
export async function confirmEnrolment(deps: OfficeAccessDeps, p: OfficePrincipal, code: string, client: string, now: Date) {
  const claims = await claimAttempt(deps, p, client, now);
  const record = await deps.secondFactors.get(p.userId);
  if (record?.secret) throw conflict(officeMessages.alreadyEnrolled);
  if (!record?.pendingSecret) throw new AppError('bad_request', officeMessages.noEnrolment);
  const step = await deps.totp.verify(record.pendingSecret, code);
  if (step === undefined) throw new AppError('bad_request', officeMessages.wrongCode);
  const codes = Array.from({ length: officeLimits.recoveryCodes }, () => deps.newRecoveryCode());
  const factorId = deps.newId();
  const confirmed = await deps.secondFactors.confirm(
    p.userId,
    record.pendingSecret,
    step,
    codes.map((c) => deps.secrets.hashToken(normaliseRecoveryCode(c))),
    factorId,
    auditEntry({ action: 'second_factor.enrolled', actor: organiserActor(p), at: now, object: { type: 'account', id: p.userId }, after: { recovery_codes: codes.length } }),
  );
  if (!confirmed) throw conflict(officeMessages.alreadyEnrolled);
  await Promise.all(claims.map((c) => deps.throttle.release(c)));
  await deps.sessions.markSecondFactor(p.sessionId, now, { factor: factorId, grant: passGrantOf(p) });
  return { message: officeMessages.enrolled, data: { recovery_codes: codes } };
}

/** Recovery codes are compared without case, spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** A code from the app, or a recovery code: this session may use the office. */
export async function verifySecondFactor(deps: OfficeAccessDeps, p: OfficePrincipal, input: { code?: string; recovery_code?: string }, client: string, now: Date) {
  const claims = await claimAttempt(deps, p, client, now);
  const record = await deps.secondFactors.get(p.userId);
  if (!record?.secret) throw new AppError('forbidden', officeMessages.enrolmentRequired, { second_factor: OFFICE_GATE.enrol });
  if (input.recovery_code !== undefined) {
    const used = await deps.secondFactors.useRecoveryCode(
      p.userId,
      deps.secrets.hashToken(normaliseRecoveryCode(input.recovery_code)),
      auditEntry({ action: 'second_factor.recovery_code_used', actor: organiserActor(p), at: now, object: { type: 'account', id: p.userId }, after: { recovery_codes_left: record.recoveryCodes.length - 1 } }),
    );
    if (!used) throw new AppError('bad_request', officeMessages.wrongRecoveryCode);
  } else {
    const step = await deps.totp.verify(record.secret, input.code ?? '');
    // A code already used (by this or a parallel request) is not accepted again.
    if (step === undefined || (record.lastStep !== undefined && step <= record.lastStep) || !(await deps.secondFactors.useStep(p.userId, step))) {
      throw new AppError('bad_request', officeMessages.wrongCode);
    }
  }
  await Promise.all(claims.map((c) => deps.throttle.release(c)));
  // Made under the enrolment read above: one removed or replaced meanwhile leaves this pass opening nothing.
  await deps.sessions.markSecondFactor(p.sessionId, now, currentPass(p, record)!);
  return { message: officeMessages.verified, data: { recovery_codes_left: input.recovery_code !== undefined ? record.recoveryCodes.length - 1 : record.recoveryCodes.length } };
}
