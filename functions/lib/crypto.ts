/**
 * Secrets: scrypt password hashes (node's built-in; N=2^17, r=8, p=1 - OWASP's minimum for
 * scrypt - with a 32-byte key and a per-hash salt; the parameters are stored with the hash, so a
 * hash made with weaker ones is recognised and upgraded at the next successful login), random
 * tokens of 256 bits stored as SHA-256, and random ids.
 */
import { createHash, randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Secrets } from '#core/accounts/ports';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** scrypt needs 128 * N * r bytes (128 MiB here); node refuses more than maxmem. */
const memoryFor = (N: number, r: number) => 128 * N * r * 2;
/** Stored hashes are ours, but a broken or hostile one must not make us allocate gigabytes. */
const MAX_N = 2 ** 20;

/**
 * The parameters new hashes are made with: SCRYPT_PARAMS, except in the throw-away test portal
 * (scripts/test-portal.ts sets TEST_SCRYPT_LOG2N): a test run makes and checks thousands of
 * passwords, each a 128 MiB scrypt of about 0.4 s on one of CI's two cores. The CDK never sets it
 * (an infra test), nor does `npm start`; a value outside 10-16 is ignored.
 */
function currentParams(): { N: number; r: number; p: number } {
  const log2N = Number(process.env.TEST_SCRYPT_LOG2N);
  return Number.isInteger(log2N) && log2N >= 10 && log2N <= 16 ? { ...SCRYPT_PARAMS, N: 2 ** log2N } : SCRYPT_PARAMS;
}

export async function hashPassword(password: string): Promise<string> {
  const PARAMS = currentParams();
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: memoryFor(PARAMS.N, PARAMS.r) });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A hash of nothing anyone knows (its password, random, was never kept), checked when an address
 * has no account: the same work as a real account's check, so the answer's time says nothing.
 * Written out at today's parameters: made at import, it cost every function's cold start a
 * 128 MiB scrypt run, login or not (a unit test checks it stays at SCRYPT_PARAMS).
 */
export const DUMMY_HASH = 'scrypt$131072$8$1$23pc-9t3Hkqmi_74UBeHEA$235P-fukx1U8zFzttoJR8yrTF-GWx0yVsE6mhh1uIUg';

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = scheme === 'scrypt' && salt && key && [params.N, params.r, params.p].every(Number.isInteger) && params.N <= MAX_N && params.r <= 16 && params.p <= 4;
  return valid ? { params, salt: salt!, key: key! } : undefined;
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = parse(stored ?? DUMMY_HASH);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(parsed.salt, 'base64url'), expected.length, {
    ...parsed.params,
    maxmem: memoryFor(parsed.params.N, parsed.params.r),
  });
  return stored !== undefined && timingSafeEqual(actual, expected);
}

/** Made with less work than today's parameters (e.g. the N=2^15 hashes of the first release). */
export function needsRehash(stored: string): boolean {
  const PARAMS = currentParams();
  const parsed = parse(stored);
  return !parsed || parsed.params.N < PARAMS.N || parsed.params.r < PARAMS.r || parsed.params.p < PARAMS.p;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const secrets: Secrets = {
  hashPassword,
  verifyPassword,
  needsRehash,
  newToken() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  },
  hashToken,
  newId: () => randomUUID(),
};

/** An unguessable handle for links (an order's checksum): 128 random bits. */
export const newChecksum = () => randomBytes(16).toString('base64url');
