/**
 * aws-ses-v2-local as the local SES: accepts SendEmail, shows a mailbox page at `/` and the
 * mails as JSON at `/store`. Its mailbox lives in memory: mails sent before a restart are gone
 * (accounts are not; a new activation or reset mail can be asked for at any time).
 *
 * It runs behind a small front on the mail port that adds what the stand-in lacks:
 * - an outage, for tests that prove a mail failure never blocks or undoes a state change: SES
 *   answers 503 for any mail to an address whose local part ends in `+maildown`
 *   (e.g. `ada+maildown@example.org`);
 * - SES's mailbox simulator: a mail sent with a configuration set to
 *   `bounce@simulator.amazonses.com` (or `bounce+anything@...`) is accepted and then produces the
 *   permanent bounce SES would publish through the configuration set's event destination;
 *   `complaint@...` (or `complaint+anything@...`) a complaint. `publishEvents` says where those
 *   notifications go (the portal hands them to the mail-events worker as SNS would). As on SES,
 *   a mail sent without a configuration set publishes nothing. The mailbox still keeps the mail.
 * Everything else passes through unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as sesLocalModule from 'aws-ses-v2-local';
import { waitFor } from './ports';

// A CommonJS module with `exports.default`: Node's ESM loader and bundlers disagree on where it is.
const sesLocal = ((sesLocalModule as { default: unknown }).default as { default?: unknown }).default ?? sesLocalModule.default;

/** Recipients for whom the local SES plays an outage. */
export const MAIL_DOWN_MARK = '+maildown@';

/** SES's mailbox simulator addresses that bounce or complain (a `+label` is allowed, as on SES). */
const SIMULATED = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

export type SimulatedOutcome = 'bounce' | 'complaint';
export const simulatedOutcome = (address: string): SimulatedOutcome | undefined =>
  SIMULATED.exec(address.trim())?.[1]?.toLowerCase() as SimulatedOutcome | undefined;

interface SentMail {
  source: string;
  to: string[];
  configurationSet: string | undefined;
}

/** Sender, recipients and configuration set of a SendEmail call (SES v1 query form or v2 JSON). */
function sentMail(path: string, body: Buffer): SentMail | undefined {
  const text = body.toString('utf8');
  if (path.startsWith('/v2/email/outbound-emails')) {
    try {
      const json = JSON.parse(text) as { FromEmailAddress?: string; ConfigurationSetName?: string; Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] } };
      const d = json.Destination ?? {};
      return { source: String(json.FromEmailAddress ?? ''), to: [...(d.ToAddresses ?? []), ...(d.CcAddresses ?? []), ...(d.BccAddresses ?? [])].map(String), configurationSet: json.ConfigurationSetName };
    } catch {
      return undefined;
    }
  }
  const form = new URLSearchParams(text);
  if (form.get('Action') !== 'SendEmail') return undefined;
  const to = [...form.entries()].filter(([k]) => /^Destination\.(To|Cc|Bcc)Addresses\.member\.\d+$/.test(k)).map(([, v]) => v);
  return { source: form.get('Source') ?? '', to, configurationSet: form.get('ConfigurationSetName') ?? undefined };
}

/** The request as text: form bodies (SES v1) percent-decoded; a JSON body (v2) with a literal `%` as it is. */
function readable(body: Buffer): string {
  const text = body.toString('utf8');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const messageIdOf = (answer: string) => /<MessageId>([^<]+)<\/MessageId>/.exec(answer)?.[1] ?? /"MessageId"\s*:\s*"([^"]+)"/.exec(answer)?.[1];

/** The event SES publishes to SNS for a simulated bounce or complaint (event publishing's shape). */
export function simulatedEvent(outcome: SimulatedOutcome, recipient: string, mail: SentMail & { messageId: string }, at: Date) {
  const sent = new Date(at.getTime() - 1000).toISOString();
  const common = {
    mail: {
      timestamp: sent,
      source: mail.source,
      sendingAccountId: '000000000000',
      messageId: mail.messageId,
      destination: mail.to,
      headersTruncated: false,
      tags: { 'ses:configuration-set': [mail.configurationSet ?? ''] },
    },
  };
  const feedbackId = `local-${mail.messageId}-${outcome}`;
  if (outcome === 'bounce') {
    return {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
        timestamp: at.toISOString(),
        feedbackId,
        reportingMTA: 'dsn; localhost',
      },
      ...common,
    };
  }
  return {
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: [{ emailAddress: recipient }],
      timestamp: at.toISOString(),
      feedbackId,
      complaintFeedbackType: 'abuse',
      userAgent: 'aws-ses-v2-local',
      arrivalDate: sent,
    },
    ...common,
  };
}

/** Where simulated notifications go, and the clock they are stamped with. */
export interface EventSink {
  deliver: (notification: object) => Promise<unknown>;
  now: () => Date;
}

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });

export async function startMail(options: { port: number; host: string }) {
  // The stand-in itself, on a free port of its own.
  const inner = await (sesLocal as typeof sesLocalModule.default)({ host: options.host, port: 0 });
  const innerPort = (inner.address() as AddressInfo).port;

  let sink: EventSink | undefined;
  const deliveries = new Set<Promise<unknown>>();
  /** After the send was accepted, as SES does: the notification follows the answer. */
  const publish = (mail: SentMail, answer: string) => {
    const messageId = messageIdOf(answer);
    if (!sink || !mail.configurationSet || !messageId) return;
    const target = sink;
    for (const recipient of mail.to) {
      const outcome = simulatedOutcome(recipient);
      if (!outcome) continue;
      const delivery = new Promise((resolve) => setTimeout(resolve, 20))
        .then(() => target.deliver(simulatedEvent(outcome, recipient, { ...mail, messageId }, target.now())))
        .catch((error: unknown) => console.error('local SES: simulated notification not delivered', error))
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    }
  };

  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && readable(body).includes(MAIL_DOWN_MARK)) {
        // As each API answers an error: SES v1 (query protocol) in XML, SES v2 (REST JSON) in JSON with its type in a header.
        if ((req.url ?? '').startsWith('/v2/')) {
          res.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' });
          return res.end(JSON.stringify({ message: 'Local mail outage' }));
        }
        res.writeHead(503, { 'content-type': 'text/xml' });
        return res.end('<ErrorResponse><Error><Type>Receiver</Type><Code>ServiceUnavailable</Code><Message>Local mail outage</Message></Error></ErrorResponse>');
      }
      const sending = req.method === 'POST' ? sentMail(req.url ?? '/', body) : undefined;
      const forward = http.request({ host: options.host, port: innerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const answerBody = Buffer.concat(parts);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(answerBody);
          if (sending && answer.statusCode === 200) publish(sending, answerBody.toString('utf8'));
        });
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
    /** Simulated bounces and complaints go to `next` from now on (the portal's mail-events worker). */
    publishEvents: (next: EventSink) => {
      sink = next;
    },
    stop: async () => {
      await Promise.allSettled([...deliveries]);
      await closeServer(front);
      await closeServer(inner as unknown as http.Server);
    },
  };
}
