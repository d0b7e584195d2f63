/** The Secrets Manager client (loaded on first use, see clients.ts). */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { commonClientConfig } from './clients';
import { grantsPlugin } from './grants';

export { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;
export function secretsClient(): SecretsManagerClient {
  if (!client) {
    client = new SecretsManagerClient(commonClientConfig());
    client.middlewareStack.use(grantsPlugin('secretsmanager'));
  }
  return client;
}
