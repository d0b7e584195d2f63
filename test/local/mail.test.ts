/**
 * The local SES (infra/local/mail.ts) answers a mail outage as each real API answers an error, so
 * that the SDK reads it as SES's own: SES v2 (REST JSON) a JSON error with its type in a header,
 * SES v1 (query protocol) an XML error.
 */
import { SendEmailCommand as SendEmailV1, SESClient } from '@aws-sdk/client-ses';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMail } from '../../infra/local/mail';

let mail: Awaited<ReturnType<typeof startMail>>;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** A port free now (the local SES names its endpoint by the port it is given). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  mail = await startMail({ port: await freePort(), host: '127.0.0.1' });
});
afterAll(() => mail.stop());

describe('a local mail outage (+maildown addresses)', () => {
  it('is a server-side ServiceUnavailable error through the SES v2 SDK, not an unreadable answer', async () => {
    const client = new SESv2Client({ endpoint: mail.endpoint, region: 'us-east-1', credentials, maxAttempts: 1 });
    const sent = client.send(
      new SendEmailCommand({
        FromEmailAddress: 'office@example.org',
        Destination: { ToAddresses: ['ada+maildown@example.org'] },
        Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hello' } } } },
      }),
    );
    await expect(sent).rejects.toMatchObject({ name: 'ServiceUnavailable', message: 'Local mail outage', $fault: 'server' });
  });

  it('is a ServiceUnavailable error through the SES v1 SDK', async () => {
    const client = new SESClient({ endpoint: mail.endpoint, region: 'us-east-1', credentials, maxAttempts: 1 });
    const sent = client.send(
      new SendEmailV1({ Source: 'office@example.org', Destination: { ToAddresses: ['ada+maildown@example.org'] }, Message: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hello' } } } }),
    );
    await expect(sent).rejects.toMatchObject({ name: 'ServiceUnavailable', $fault: 'server' });
  });
});
