/**
 * Secrets: scrypt password hashes (node's built-in; N=2^15, r=8, p=1, 32-byte key, per-hash
 * salt, parameters stored with the hash so they can be raised later), random tokens of 256
 * bits stored as SHA-256, and random ids.
 */
import { createHash, randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Secrets } from '#core/accounts/ports';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const maxmem = 128 * PARAMS.N * PARAMS.r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of nothing anyone knows, checked when an address has no account. */
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (stored ?? (await dummyHash)).split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 128 * Number(n) * Number(r) * 2,
  });
  return stored !== undefined && timingSafeEqual(actual, expected);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const secrets: Secrets = {
  hashPassword,
  verifyPassword,
  newToken() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  },
  hashToken,
  newId: () => randomUUID(),
};
