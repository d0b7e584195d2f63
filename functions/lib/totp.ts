/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app reads it) through otplib 13,
 * whose API is async and whose verify answers an object. One step of tolerance either way (a
 * phone clock a little off, a code typed as it changes).
 *
 * Codes are checked against the real clock (`Date.now()`), never the portal's clock
 * (lib/clock.ts): a phone's authenticator follows real time, while the portal's clock may run in
 * 2024 (`APP_NOW`, a test's pinned instant). On AWS the two are the same.
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Totp } from '#core/office/ports';

export const TOTP_ISSUER = 'IACR 2024 Beijing office';

/** TOTP over a real clock (milliseconds since the epoch); tests give it a fixed one. */
export function makeTotp(realNow: () => number = Date.now): Totp {
  return {
    newSecret: () => generateSecret(),
    uri: (secret, account) => generateURI({ issuer: TOTP_ISSUER, label: account, secret }),
    async verify(secret, code) {
      if (!/^\d{6}$/.test(code)) return undefined;
      const epoch = Math.floor(realNow() / 1000);
      const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
      // The step the code belongs to: the current one moved by where it matched.
      return result.valid ? Math.floor(epoch / 30) + result.delta : undefined;
    },
  };
}

export const totp: Totp = makeTotp();

/** Crockford base32 without look-alikes (no I, L, O, U): 10 characters, about 50 bits, shown as xxxxx-xxxxx. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
