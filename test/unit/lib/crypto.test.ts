import { describe, expect, it } from 'vitest';
import { scryptSync } from 'node:crypto';
import { DUMMY_HASH, hashPassword, hashToken, needsRehash, secrets, verifyPassword } from '#lib/crypto';

describe('secrets', () => {
  it('hashes passwords with scrypt and a fresh salt, never keeping the password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    // OWASP's minimum for scrypt: N=2^17, r=8, p=1.
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toContain('correct');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', undefined)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    // Five scrypt hashes at OWASP's cost: about a second alone, several on a loaded 2-core machine.
  }, 30_000);

  it('still verifies hashes made with the weaker first-release parameters, and marks them for upgrade', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('correct horse', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('correct horse'))).toBe(false);
  });

  it('checks an address without an account against a written-out hash at today\'s cost (no scrypt run when a function loads)', async () => {
    expect(DUMMY_HASH).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('', undefined)).toBe(false);
  }, 30_000);

  it('refuses stored hashes whose parameters would exhaust memory', async () => {
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('makes 256-bit tokens stored only as their hash', () => {
    const { token, hash } = secrets.newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashToken(token));
    expect(hash).not.toContain(token);
    expect(secrets.newToken().token).not.toBe(token);
  });
});
