/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app reads it) through otplib 13,
 * whose API is async and whose verify answers an object. One step of tolerance either way (a
 * phone clock a little off, a code typed as it changes).
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Totp } from '#core/office/ports';

export const TOTP_ISSUER = 'IACR 2024 Beijing office';

export const totp: Totp = {
  newSecret: () => generateSecret(),
  uri: (secret, account) => generateURI({ issuer: TOTP_ISSUER, label: account, secret }),
  async verify(secret, code, at) {
    if (!/^\d{6}$/.test(code)) return undefined;
    const epoch = Math.floor(at.getTime() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
    // The step the code belongs to: the current one moved by where it matched.
    return result.valid ? Math.floor(epoch / 30) + result.delta : undefined;
  },
};

/** Crockford base32 without look-alikes (no I, L, O, U): 10 characters, about 50 bits, shown as xxxxx-xxxxx. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
