/** In-memory ports for the account rules: the same contracts as the DynamoDB adapters. */
import { createHash, randomUUID } from 'node:crypto';
import type { User } from '#core/accounts/model';
import type { AccountDeps, Mail, SessionRecord, TokenRecord } from '#core/accounts/ports';

export function fakeDeps() {
  const users = new Map<string, User>();
  const emails = new Map<string, string>();
  const sessions = new Map<string, SessionRecord>();
  const tokens = new Map<string, TokenRecord>();
  const counters = new Map<string, number>();
  const cooldowns = new Map<string, number>();
  const outbox: Mail[] = [];
  const errors: string[] = [];
  let failMail = false;
  let tokenCounter = 0;
  const hash = (t: string) => createHash('sha256').update(t).digest('hex');

  const deps: AccountDeps = {
    siteOrigin: 'https://congress.example.org',
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
      consume: async (h, purpose, at) => {
        const t = tokens.get(h);
        if (!t || t.purpose !== purpose || t.expiresAt.getTime() <= at.getTime()) return undefined;
        tokens.delete(h);
        return t;
      },
    },
    throttle: {
      hit: async (key, limit, windowSeconds, at) => {
        const w = Math.floor(at.getTime() / 1000 / windowSeconds);
        const k = `${key}#${w}`;
        const n = (counters.get(k) ?? 0) + 1;
        counters.set(k, n);
        return { allowed: n <= limit, retryAfterSeconds: 1 };
      },
      peek: async (key, limit, windowSeconds, at) => {
        const w = Math.floor(at.getTime() / 1000 / windowSeconds);
        return { allowed: (counters.get(`${key}#${w}`) ?? 0) < limit, retryAfterSeconds: 1 };
      },
      cooldown: async (key, seconds, at) => {
        const until = cooldowns.get(key) ?? 0;
        if (until > at.getTime()) return { allowed: false, retryAfterSeconds: Math.ceil((until - at.getTime()) / 1000) };
        cooldowns.set(key, at.getTime() + seconds * 1000);
        return { allowed: true, retryAfterSeconds: 0 };
      },
    },
    secrets: {
      hashPassword: async (p) => `hashed:${p}`,
      verifyPassword: async (p, h) => h === `hashed:${p}`,
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
      },
    },
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
    outbox,
    errors,
    lastLinkToken,
    failMailer: (on: boolean) => {
      failMail = on;
    },
  };
}
