/**
 * aws-ses-v2-local as the local SES: accepts SendEmail, shows a mailbox page at `/` and the
 * mails as JSON at `/store`. Its mailbox lives in memory: mails sent before a restart are gone
 * (accounts are not; a new activation or reset mail can be asked for at any time).
 *
 * It runs behind a small front on the mail port that can play an outage, for tests that prove a
 * mail failure never blocks or undoes a state change: SES answers 503 for any mail to an address
 * whose local part ends in `+maildown` (e.g. `ada+maildown@example.org`). Nothing else changes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as sesLocalModule from 'aws-ses-v2-local';
import { waitFor } from './ports';

// A CommonJS module with `exports.default`: Node's ESM loader and bundlers disagree on where it is.
const sesLocal = ((sesLocalModule as { default: unknown }).default as { default?: unknown }).default ?? sesLocalModule.default;

/** Recipients for whom the local SES plays an outage. */
export const MAIL_DOWN_MARK = '+maildown@';

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });

export async function startMail(options: { port: number; host: string }) {
  // The stand-in itself, on a free port of its own.
  const inner = await (sesLocal as typeof sesLocalModule.default)({ host: options.host, port: 0 });
  const innerPort = (inner.address() as AddressInfo).port;

  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && decodeURIComponent(body.toString('utf8')).includes(MAIL_DOWN_MARK)) {
        res.writeHead(503, { 'content-type': 'text/xml' });
        return res.end('<ErrorResponse><Error><Type>Receiver</Type><Code>ServiceUnavailable</Code><Message>Local mail outage</Message></Error></ErrorResponse>');
      }
      const forward = http.request({ host: options.host, port: innerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port, options.host, resolve);
  });

  const endpoint = `http://localhost:${options.port}`;
  await waitFor(async () => (await fetch(`${endpoint}/health-check`)).ok, 'mail (aws-ses-v2-local)');
  return {
    endpoint,
    stop: async () => {
      await closeServer(front);
      await closeServer(inner as unknown as http.Server);
    },
  };
}
