/**
 * The tickets' signing keys, as keys (no settings read here: `npm start` makes a key with this
 * before the functions' settings exist; checkin-keys.ts reads the settings) (issue 34, decision 0070): Ed25519 with Node's built-in crypto.
 * The keys are JSON `{ "current": 2, "keys": { "1": "<PKCS#8 DER, base64>", "2": "..." } }`: the
 * current one signs, every one listed verifies (a rotation adds a key and makes it current; tickets
 * signed with the old one keep working until it is removed). On AWS the JSON is a Secrets Manager
 * secret (CHECKIN_KEYS_SECRET_ARN, read once per container; `npm run checkin-key` writes a new
 * one); locally `npm start` makes a key and keeps it in its data folder (CHECKIN_KEYS).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

export interface SigningKeys {
  current: number;
  sign(message: Uint8Array): Uint8Array;
  verify(keyId: number, message: Uint8Array, signature: Uint8Array): boolean | 'unknown-key';
  /** The public keys by id, raw 32 bytes in base64url (what a device verifies with). */
  publicKeys(): Record<string, string>;
}

interface KeysJson {
  current: number;
  keys: Record<string, string>;
}

export function keysFromJson(json: string): SigningKeys {
  const parsed = JSON.parse(json) as KeysJson;
  const privates = new Map<number, KeyObject>();
  const publics = new Map<number, KeyObject>();
  for (const [id, der] of Object.entries(parsed.keys ?? {})) {
    const kid = Number(id);
    if (!Number.isInteger(kid) || kid < 1 || kid > 255) throw new Error(`A signing key id is 1-255, not ${id}`);
    const key = createPrivateKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`Signing key ${id} is not an Ed25519 key`);
    privates.set(kid, key);
    publics.set(kid, createPublicKey(key));
  }
  const current = privates.get(parsed.current);
  if (!current) throw new Error(`The current signing key ${parsed.current} is not among the keys`);
  return {
    current: parsed.current,
    sign: (message) => new Uint8Array(sign(null, message, current)),
    verify(keyId, message, signature) {
      const key = publics.get(keyId);
      if (!key) return 'unknown-key';
      return signature.length === 64 && verify(null, message, key, signature);
    },
    publicKeys: () =>
      Object.fromEntries([...publics].map(([kid, key]) => [String(kid), Buffer.from(key.export({ format: 'jwk' }).x as string, 'base64url').toString('base64url')])),
  };
}

/** A new key set JSON: `previous` keys kept for verifying, a new key made current (the next id). */
export function newKeysJson(previous?: string): string {
  const before: KeysJson = previous ? (JSON.parse(previous) as KeysJson) : { current: 0, keys: {} };
  const next = Math.max(0, ...Object.keys(before.keys).map(Number)) + 1;
  if (next > 255) throw new Error('Key ids are 1-255: remove old keys before rotating again');
  const { privateKey } = generateKeyPairSync('ed25519');
  return JSON.stringify({ current: next, keys: { ...before.keys, [next]: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') } });
}
