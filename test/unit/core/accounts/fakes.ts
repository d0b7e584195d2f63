import type { Lang } from '#core/i18n/lang';
/** In-memory ports for the account rules: the same contracts as the DynamoDB adapters. */
import { createHash, randomUUID } from 'node:crypto';
import type { User } from '#core/accounts/model';
import type { AccountDeps, Mail, SessionRecord, TokenRecord } from '#core/accounts/ports';
import { fakeThrottle } from '../fake-throttle';
import { fakeMailMarks } from '../mail/fake-marks';

export function fakeDeps() {
  const users = new Map<string, User>();
  const emails = new Map<string, string>();
  const sessions = new Map<string, SessionRecord>();
  const tokens = new Map<string, TokenRecord & { used?: boolean }>();
  const limits = fakeThrottle();
  const mailMarks = fakeMailMarks();
  const outbox: Mail[] = [];
  const errors: string[] = [];
  let failMail = false;
  let tokenCounter = 0;
  const hash = (t: string) => createHash('sha256').update(t).digest('hex');

  const deps: AccountDeps = {
    siteOrigin: 'https://congress.example.org',
    languages: fakeLanguages(),
    store: {
      getUser: async (id) => (users.has(id) ? { ...users.get(id)! } : undefined),
      findUserByEmail: async (email) => {
        const id = emails.get(email);
        return id ? { ...users.get(id)! } : undefined;
      },
      createUser: async (user) => {
        if (emails.has(user.email)) return 'email-taken';
        emails.set(user.email, user.id);
        users.set(user.id, { ...user });
        return 'created';
      },
      activateUser: async (id, at) => {
        const u = users.get(id)!;
        if (u.status === 0) users.set(id, { ...u, status: 1, activated_at: at.toISOString() });
      },
      updateProfile: async (id, fields, at) => {
        const u = { ...users.get(id)!, ...fields, updated_at: at.toISOString() };
        users.set(id, u);
        return { ...u };
      },
      rehashPassword: async (id, previous, passwordHash) => {
        const u = users.get(id)!;
        if (u.password_hash === previous) users.set(id, { ...u, password_hash: passwordHash });
      },
      recordLogin: async (id, at) => {
        users.set(id, { ...users.get(id)!, last_login_at: at.toISOString() });
      },
      setPassword: async (id, passwordHash, at, activate) => {
        const u = users.get(id)!;
        users.set(id, {
          ...u,
          password_hash: passwordHash,
          session_epoch: u.session_epoch + 1,
          status: activate ? 1 : u.status,
          updated_at: at.toISOString(),
        });
      },
    },
    sessions: {
      create: async (h, s) => void sessions.set(h, s),
      get: async (h) => sessions.get(h),
      delete: async (h) => void sessions.delete(h),
    },
    tokens: {
      create: async (h, t) => void tokens.set(h, t),
      consume: async (h, purpose, at, rememberUntil) => {
        const t = tokens.get(h);
        if (!t || t.used || t.purpose !== purpose || t.expiresAt.getTime() <= at.getTime()) return undefined;
        if (rememberUntil) tokens.set(h, { ...t, used: true, expiresAt: rememberUntil });
        else tokens.delete(h);
        return t;
      },
      findUsed: async (h, purpose, at) => {
        const t = tokens.get(h);
        return t?.used && t.purpose === purpose && t.expiresAt.getTime() > at.getTime() ? t : undefined;
      },
    },
    throttle: limits.throttle,
    secrets: {
      hashPassword: async (p) => `hashed:${p}`,
      // `weak:` hashes stand for hashes made with older, weaker parameters.
      verifyPassword: async (p, h) => h === `hashed:${p}` || h === `weak:${p}`,
      needsRehash: (h) => h.startsWith('weak:'),
      newToken: () => {
        const token = `token-${++tokenCounter}-${'x'.repeat(20)}`;
        return { token, hash: hash(token) };
      },
      hashToken: hash,
      newId: () => randomUUID(),
    },
    mailer: {
      send: async (mail) => {
        if (failMail) throw new Error('SES is down');
        outbox.push(mail);
        return 'sent' as const;
      },
    },
    mailMarks: mailMarks.store,
    log: { error: (m) => void errors.push(m), info: () => undefined },
  };

  /** The token in the last link mailed to `email`. */
  const lastLinkToken = (email: string) => {
    const mail = [...outbox].reverse().find((m) => m.to === email);
    const m = mail && /\/common\/(?:activate|reset)\/([\w-]+)/.exec(mail.text);
    if (!m) throw new Error(`no link mailed to ${email}`);
    return m[1]!;
  };

  return {
    deps,
    users,
    /** Bounce and complaint marks by address. */
    marks: mailMarks.marks,
    outbox,
    errors,
    lastLinkToken,
    failMailer: (on: boolean) => {
      failMail = on;
    },
  };
}

/** Accounts' languages in memory. */
export function fakeLanguages() {
  const byUser = new Map<string, Lang>();
  return {
    byUser,
    get: async (userId: string) => byUser.get(userId),
    set: async (userId: string, lang: Lang) => void byUser.set(userId, lang),
  };
}
