/**
 * aws-ses-v2-local as the local SES: accepts SendEmail, shows a mailbox page at `/` and the
 * mails as JSON at `/store`. Its mailbox lives in memory: mails sent before a restart are gone
 * (accounts are not; a new activation or reset mail can be asked for at any time).
 */
import * as sesLocalModule from 'aws-ses-v2-local';
import { waitFor } from './ports';

// A CommonJS module with `exports.default`: Node's ESM loader and bundlers disagree on where it is.
const sesLocal = ((sesLocalModule as { default: unknown }).default as { default?: unknown }).default ?? sesLocalModule.default;

export async function startMail(options: { port: number; host: string }) {
  const server = await (sesLocal as typeof sesLocalModule.default)({ host: options.host, port: options.port });
  const endpoint = `http://localhost:${options.port}`;
  await waitFor(async () => (await fetch(`${endpoint}/health-check`)).ok, 'mail (aws-ses-v2-local)');
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
