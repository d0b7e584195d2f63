/**
 * This container's signing keys for tickets (decision 0070): locally from CHECKIN_KEYS (made by
 * `npm start`, infra/local/portal.ts), on AWS from the secret CHECKIN_KEYS_SECRET_ARN, read once.
 * The key set itself is checkin-signing.ts.
 */
import { loadSecrets } from './aws/clients';
import { keysFromJson, type SigningKeys } from './checkin-signing';
import { env } from './env';

export type { SigningKeys };

let loaded: Promise<SigningKeys> | undefined;
/** This container's keys, read once. */
export function signingKeys(): Promise<SigningKeys> {
  loaded ??= (async () => {
    const local = env.checkinKeys();
    if (local) return keysFromJson(local);
    const arn = env.checkinKeysSecretArn();
    if (!arn) throw new Error('Neither CHECKIN_KEYS nor CHECKIN_KEYS_SECRET_ARN is set: tickets cannot be signed');
    const { secretsClient, GetSecretValueCommand } = await loadSecrets();
    const secret = await secretsClient().send(new GetSecretValueCommand({ SecretId: arn }));
    return keysFromJson(secret.SecretString ?? '{}');
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
