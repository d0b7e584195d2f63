import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, secrets, verifyPassword } from '#lib/crypto';

describe('secrets', () => {
  it('hashes passwords with scrypt and a fresh salt, never keeping the password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toContain('correct');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', undefined)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });

  it('makes 256-bit tokens stored only as their hash', () => {
    const { token, hash } = secrets.newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashToken(token));
    expect(hash).not.toContain(token);
    expect(secrets.newToken().token).not.toBe(token);
  });
});
