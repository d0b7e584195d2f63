/**
 * Account rules: sign-up with activation by e-mail, login, sessions, password change and reset,
 * profile. Plain TypeScript over the ports in ports.ts; every function takes the request's
 * instant, so tests run on a fixed clock.
 *
 * Tokens (sessions, activation and reset links) are random and stored only as hashes; links are
 * single-use. A password change or reset bumps the user's session_epoch, which ends every
 * session and voids older reset links at once.
 */
import { auditEntry, changedFields, delegateActor, type Actor } from '../audit/audit';
import { accountLimits, timing } from '../config/conference';
import { AppError, conflict, invalid, rateLimited, unauthorized } from '../errors';
import { deliveryNotice, linkClearsMark } from '../mail/delivery';
import { activationMail, resetMail } from '../mail/templates';
import { pathIn, type Lang } from '../i18n/lang';
import { text, type Text } from '../i18n/messages';
import { STATUS, newUser, personInfo, profileComplete, type User } from './model';
import { accountNameKeys } from './name-key';
import type { AccountDeps, Claim, Limit, TokenPurpose } from './ports';
import type { ProfileInput } from './schemas';
import { SESSION_ENDED } from './authenticate';

export { authenticate } from './authenticate';

export const NOT_ACTIVATED = -101;

export const accountMessages = {
  emailFree: 'This e-mail address is available.',
  emailNotActivated: 'This e-mail address is registered but not activated yet. We can send the activation e-mail again.',
  emailTaken: 'This e-mail address is already registered. Please log in, or reset your password if you forgot it.',
  registered: 'Your account has been created. Please check your mailbox to activate it.',
  resent: 'If this address has an account waiting for activation, a new activation e-mail is on its way.',
  activated: 'Your account is activated. You can now log in.',
  alreadyActive: 'Your account is already active. You can log in.',
  activationInvalid: 'This activation link has expired or has already been used. Ask for a new activation e-mail below.',
  loginFailed: 'The e-mail address or password is incorrect.',
  loginNotActivated:
    'Your account is not activated yet. Please open the link in the activation e-mail, or resend the activation e-mail.',
  /** By id (it has a value): in the reader's language; its English is the spec's words. */
  loginThrottled: (minutes: number) => text('api.loginThrottled', { minutes }),
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  mailCooldown: 'An e-mail was sent less than a minute ago. Please wait before asking for another one.',
  loggedOut: 'You have been logged out.',
  sessionEnded: SESSION_ENDED,
  profileUpdated: 'The update was successful.',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordChanged: 'Your password has been changed. Please log in again.',
  resetRequested:
    'If an account exists for this address, we have sent it a link to reset the password. Please check your mailbox.',
  resetInvalid: 'This reset link has expired or has already been used. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
} as const;

const HOUR = 3600_000;

function refuse(limit: Limit, message: string = accountMessages.tooManyRequests) {
  if (!limit.allowed) throw rateLimited(message, limit.retryAfterSeconds);
}

type LimitRule = { limit: number; windowSeconds: number };

/**
 * Takes a place under every key, all or none: when one is full, the places already taken are
 * given back and the answer says how long to wait.
 */
async function claimAll(deps: Pick<AccountDeps, 'throttle'>, wanted: [string, LimitRule][], now: Date, message: (minutes: number) => string | Text) {
  const taken: Claim[] = [];
  for (const [key, rule] of wanted) {
    const claim = await deps.throttle.claim(key, rule.limit, rule.windowSeconds, now);
    if (!claim.allowed) {
      await Promise.all(taken.map((c) => deps.throttle.release(c)));
      throw rateLimited(message(Math.max(1, Math.ceil(claim.retryAfterSeconds / 60))), claim.retryAfterSeconds);
    }
    taken.push(claim);
  }
  return taken;
}

/**
 * A followed link shows that mail reaches the address: a bounce recorded before the link was
 * mailed is cleared (core/mail/delivery.ts linkClearsMark). The mark is read first so that the
 * usual case (no mark) costs one read, not a conditional write.
 */
async function clearBounceByLink(deps: AccountDeps, email: string, issuedAt: Date | undefined) {
  if (!issuedAt) return;
  const mark = await deps.mailMarks.get(email);
  if (mark && linkClearsMark(mark, issuedAt) && (await deps.mailMarks.clearBounceBefore(email, issuedAt))) {
    deps.log.info('mail.bounce_cleared', { reason: 'link followed', mark_at: mark.at });
  }
}

async function userOrSessionEnded(deps: AccountDeps, userId: string): Promise<User> {
  const user = await deps.store.getUser(userId);
  if (!user) throw unauthorized(accountMessages.sessionEnded);
  return user;
}

/**
 * Issues a single-use link token and mails it; a mail failure is logged, never lost data. An
 * office action that asks for it (`byOffice`) is audited with the token's write.
 */
/**
 * `lang`: the language of the page the person asked from; an office action uses the account's
 * language (decision 0058).
 */
async function sendTokenMail(deps: AccountDeps, user: User, purpose: TokenPurpose, now: Date, byOffice?: Actor, lang?: Lang): Promise<boolean> {
  const mailLang = lang ?? (await deps.languages.get(user.id)) ?? 'en';
  const { token, hash } = deps.secrets.newToken();
  const lifetimeMs = purpose === 'activate' ? timing.activationTokenHours * HOUR : timing.resetTokenMinutes * 60_000;
  const audit = byOffice && auditEntry({ action: 'account.activation_mail_resent', actor: byOffice, at: now, object: { type: 'account', id: user.id }, after: { email: user.email } });
  await deps.tokens.create(
    hash,
    {
      purpose,
      userId: user.id,
      epoch: user.session_epoch,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      issuedAt: now,
    },
    audit,
  );
  const link = `${deps.siteOrigin}${pathIn(mailLang, purpose === 'activate' ? `/common/activate/${token}` : `/common/reset/${token}`)}`;
  const mail =
    purpose === 'activate' ? activationMail(link, timing.activationTokenHours, mailLang) : resetMail(link, timing.resetTokenMinutes, mailLang);
  try {
    // Essential: asked for now, so it is tried even where earlier mail bounced.
    await deps.mailer.send({ to: user.email, ...mail, importance: 'essential' });
    return true;
  } catch (error) {
    deps.log.error('mail not sent', { purpose, user_id: user.id, error: (error as Error).message });
    return false;
  }
}

export async function checkEmail(deps: AccountDeps, email: string, client: string, now: Date) {
  const l = accountLimits.emailChecksPerClient;
  refuse(await deps.throttle.claim(`check-email:${client}`, l.limit, l.windowSeconds, now));
  const user = await deps.store.findUserByEmail(email);
  if (!user) return { message: accountMessages.emailFree };
  if (user.status === STATUS.notActivated) throw conflict(accountMessages.emailNotActivated, null, NOT_ACTIVATED);
  throw conflict(accountMessages.emailTaken);
}

/** `lang`: the language of the sign-up page, kept as the account's (its mails follow it). */
export async function register(
  deps: AccountDeps,
  input: { email: string; password: string },
  client: string,
  now: Date,
  lang: Lang = 'en',
) {
  const l = accountLimits.signUpsPerClient;
  refuse(await deps.throttle.claim(`sign-up:${client}`, l.limit, l.windowSeconds, now));
  const existing = await deps.store.findUserByEmail(input.email);
  if (existing) {
    if (existing.status === STATUS.notActivated) throw conflict(accountMessages.emailNotActivated, null, NOT_ACTIVATED);
    throw conflict(accountMessages.emailTaken);
  }
  const user = newUser({
    id: deps.secrets.newId(),
    email: input.email,
    password_hash: await deps.secrets.hashPassword(input.password),
    now,
  });
  // Two sign-ups with one address may race past the look-up above: the store's transaction decides.
  const created = auditEntry({ action: 'account.created', actor: delegateActor(user.id, user.email), at: now, object: { type: 'account', id: user.id }, after: { email: user.email, status: user.status } });
  if ((await deps.store.createUser(user, created)) === 'email-taken') {
    throw conflict(accountMessages.emailNotActivated, null, NOT_ACTIVATED);
  }
  await deps.languages.set(user.id, lang, now);
  await deps.throttle.cooldown(`activation-mail:${user.email}`, accountLimits.mailCooldownSeconds, now);
  const mailSent = await sendTokenMail(deps, user, 'activate', now, undefined, lang);
  return { message: accountMessages.registered, data: { email: user.email, activation_mail_sent: mailSent } };
}

/** `byOffice`: an organiser resends it from the office (the same path, audited as their action). */
export async function resendActivation(deps: AccountDeps, email: string, now: Date, byOffice?: Actor, lang?: Lang) {
  refuse(await deps.throttle.cooldown(`activation-mail:${email}`, accountLimits.mailCooldownSeconds, now), accountMessages.mailCooldown);
  const user = await deps.store.findUserByEmail(email);
  if (user && user.status === STATUS.notActivated) await sendTokenMail(deps, user, 'activate', now, byOffice, lang);
  // The same answer whatever the address: this call does not tell who has an account.
  return { message: accountMessages.resent, data: { retry_after: accountLimits.mailCooldownSeconds } };
}

/**
 * Activation by the mailed link. A used link is remembered for a while (not deleted), so that
 * opening it again - a second click, the mail read on another device - says the account is
 * already active instead of asking for a new activation e-mail that would not be sent.
 */
export async function activate(deps: AccountDeps, token: string, now: Date) {
  const hash = deps.secrets.hashToken(token);
  const rememberUntil = new Date(now.getTime() + timing.usedActivationLinkDays * 24 * HOUR);
  const fresh = await deps.tokens.consume(hash, 'activate', now, rememberUntil);
  const record = fresh ?? (await deps.tokens.findUsed(hash, 'activate', now));
  const user = record && (await deps.store.getUser(record.userId));
  const invalid = () => new AppError('bad_request', accountMessages.activationInvalid, { reason: 'invalid_token' });
  if (!user) throw invalid();
  if (user.status !== STATUS.notActivated) {
    return { message: accountMessages.alreadyActive, data: { email: user.email, already_active: true } };
  }
  if (!fresh) throw invalid(); // a used link never activates again
  await deps.store.activateUser(
    user.id,
    now,
    auditEntry({ action: 'account.activated', actor: delegateActor(user.id, user.email), at: now, object: { type: 'account', id: user.id }, before: { status: user.status }, after: { status: STATUS.activated } }),
  );
  await clearBounceByLink(deps, user.email, fresh.issuedAt);
  return { message: accountMessages.activated, data: { email: user.email, already_active: false } };
}

/**
 * Login. Every attempt first takes a place under three limits (address + client, address,
 * client) in one atomic step each, and only then is the password checked: a burst of parallel
 * guesses gets exactly as many checks as the limits allow. A right password gives the places
 * back (only failures count). A hash made with older, weaker parameters is upgraded here.
 */
export async function login(deps: AccountDeps, input: { email: string; password: string }, client: string, now: Date) {
  const claims = await claimAll(
    deps,
    [
      [`login-fail:${input.email}:${client}`, accountLimits.loginFailuresPerAddressAndClient],
      [`login-fail:${input.email}`, accountLimits.loginFailuresPerAddress],
      [`login-fail-client:${client}`, accountLimits.loginFailuresPerClient],
    ],
    now,
    accountMessages.loginThrottled,
  );
  const user = await deps.store.findUserByEmail(input.email);
  const ok = await deps.secrets.verifyPassword(input.password, user?.password_hash);
  if (!user || !ok) throw new AppError('bad_request', accountMessages.loginFailed);
  await Promise.all(claims.map((c) => deps.throttle.release(c)));
  if (deps.secrets.needsRehash(user.password_hash)) {
    await deps.store.rehashPassword(user.id, user.password_hash, await deps.secrets.hashPassword(input.password));
  }
  if (user.status === STATUS.notActivated) {
    throw new AppError('forbidden', accountMessages.loginNotActivated, { email: user.email }, NOT_ACTIVATED);
  }
  const { token, hash } = deps.secrets.newToken();
  await deps.sessions.create(hash, {
    userId: user.id,
    epoch: user.session_epoch,
    expiresAt: new Date(now.getTime() + timing.sessionDays * 24 * HOUR),
  });
  await deps.store.recordLogin(
    user.id,
    now,
    auditEntry({ action: 'account.logged_in', actor: delegateActor(user.id, user.email), at: now, object: { type: 'account', id: user.id }, ...(user.last_login_at ? { before: { last_login_at: user.last_login_at } } : {}), after: { last_login_at: now.toISOString() } }),
  );
  return {
    message: 'Login success',
    data: { api_token: token, id: user.id, status: user.status, pay_status: user.pay_status },
  };
}

export async function logout(deps: AccountDeps, sessionId: string) {
  await deps.sessions.delete(sessionId);
  return { message: accountMessages.loggedOut };
}

/** The spec's user info, and the account's language (decision 0058: the site opens in it after a login). */
export async function getPersonInfo(deps: AccountDeps, userId: string) {
  const user = await userOrSessionEnded(deps, userId);
  const [marks, language] = await Promise.all([deps.mailMarks.get(user.email), deps.languages.get(user.id)]);
  return { ...personInfo(user, deliveryNotice(marks)), language: language ?? null };
}

/**
 * The name in Chinese characters as the profile form gives it (issue 32), only where it says
 * something: an account that never had one and still has none keeps no field, so its audit
 * entry names only what changed.
 */
function chineseNameFields(user: User, input: ProfileInput) {
  const fields: Partial<Pick<User, 'family_name_in_chinese' | 'given_name_in_chinese'>> = {};
  for (const key of ['family_name_in_chinese', 'given_name_in_chinese'] as const) {
    const value = input[key] ?? user[key] ?? '';
    if (user[key] !== undefined || value !== '') fields[key] = value;
  }
  return fields;
}

export async function updateProfile(deps: AccountDeps, userId: string, input: ProfileInput, now: Date) {
  const user = await userOrSessionEnded(deps, userId);
  const fields = {
    first_name: input.first_name ?? user.first_name,
    middle_initial: input.middle_initial ?? user.middle_initial,
    last_name: input.last_name ?? user.last_name,
    nick_name: input.nick_name ?? '',
    ...chineseNameFields(user, input),
    occupation: input.occupation,
    organization: input.organization,
    country: input.country,
    mobile: input.mobile,
  };
  const status = user.status === STATUS.activated && profileComplete(fields) ? STATUS.profileComplete : user.status;
  const change = changedFields(user as unknown as Record<string, unknown>, { ...user, ...fields, status } as unknown as Record<string, unknown>, ['password_hash']);
  const audit = auditEntry({ action: 'account.profile_updated', actor: delegateActor(user.id, user.email), at: now, object: { type: 'account', id: user.id }, ...change });
  const updated = await deps.store.updateProfile(userId, { ...fields, status }, now, audit, { before: accountNameKeys(user), after: accountNameKeys({ ...user, ...fields }) });
  return { message: accountMessages.profileUpdated, data: personInfo(updated, deliveryNotice(await deps.mailMarks.get(updated.email))) };
}

export async function changePassword(
  deps: AccountDeps,
  userId: string,
  input: { current_password: string; new_password: string },
  now: Date,
) {
  const user = await userOrSessionEnded(deps, userId);
  // A session in the wrong hands must not become a way to guess the password.
  const claims = await claimAll(deps, [[`password-check:${userId}`, accountLimits.currentPasswordFailures]], now, accountMessages.loginThrottled);
  if (!(await deps.secrets.verifyPassword(input.current_password, user.password_hash))) {
    throw invalid(accountMessages.currentPasswordWrong, { current_password: accountMessages.currentPasswordWrong });
  }
  await Promise.all(claims.map((c) => deps.throttle.release(c)));
  await deps.store.setPassword(
    userId,
    await deps.secrets.hashPassword(input.new_password),
    now,
    false,
    auditEntry({ action: 'account.password_changed', actor: delegateActor(user.id, user.email), at: now, object: { type: 'account', id: user.id } }),
  );
  return { message: accountMessages.passwordChanged };
}

export async function requestPasswordReset(deps: AccountDeps, email: string, client: string, now: Date, lang?: Lang) {
  const l = accountLimits.passwordResetsPerClient;
  refuse(await deps.throttle.claim(`forgot:${client}`, l.limit, l.windowSeconds, now));
  // A second request within the cool-down is answered the same way, silently without a mail.
  const cool = await deps.throttle.cooldown(`reset-mail:${email}`, accountLimits.mailCooldownSeconds, now);
  if (cool.allowed) {
    const user = await deps.store.findUserByEmail(email);
    if (user) await sendTokenMail(deps, user, 'reset', now, undefined, lang);
  }
  return { message: accountMessages.resetRequested };
}

export async function resetPassword(deps: AccountDeps, input: { token: string; new_password: string }, now: Date) {
  const record = await deps.tokens.consume(deps.secrets.hashToken(input.token), 'reset', now);
  const user = record && (await deps.store.getUser(record.userId));
  if (!record || !user || user.session_epoch !== record.epoch) {
    throw new AppError('bad_request', accountMessages.resetInvalid, { reason: 'invalid_token' });
  }
  // Following the mailed link proves the address: an account not yet activated is activated too.
  const activates = user.status === STATUS.notActivated;
  await deps.store.setPassword(
    user.id,
    await deps.secrets.hashPassword(input.new_password),
    now,
    activates,
    auditEntry({
      action: 'account.password_reset',
      actor: delegateActor(user.id, user.email),
      at: now,
      object: { type: 'account', id: user.id },
      ...(activates ? { before: { status: user.status }, after: { status: STATUS.activated } } : {}),
    }),
  );
  await clearBounceByLink(deps, user.email, record.issuedAt);
  return { message: accountMessages.passwordReset };
}
