/** The in-memory throttle of the unit tests: the same contract as functions/storage/throttle.ts. */
import type { Claim, Throttle } from '#core/accounts/ports';

export function fakeThrottle() {
  const counters = new Map<string, number>();
  const cooldowns = new Map<string, number>();
  const slot = (key: string, windowStart: number) => `${key}#${windowStart}`;
  const throttle: Throttle = {
    claim: async (key, limit, windowSeconds, at): Promise<Claim> => {
      const now = Math.floor(at.getTime() / 1000);
      const windowStart = now - (now % windowSeconds);
      const n = counters.get(slot(key, windowStart)) ?? 0;
      const allowed = n < limit;
      if (allowed) counters.set(slot(key, windowStart), n + 1);
      return { key, windowStart, allowed, retryAfterSeconds: windowStart + windowSeconds - now };
    },
    release: async (claim) => {
      if (!claim.allowed) return;
      const n = counters.get(slot(claim.key, claim.windowStart)) ?? 0;
      if (n > 0) counters.set(slot(claim.key, claim.windowStart), n - 1);
    },
    cooldown: async (key, seconds, at) => {
      const until = cooldowns.get(key) ?? 0;
      if (until > at.getTime()) return { allowed: false, retryAfterSeconds: Math.ceil((until - at.getTime()) / 1000) };
      cooldowns.set(key, at.getTime() + seconds * 1000);
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
  return { throttle, counters };
}
