import type { Mailer } from '#core/accounts/ports';
import { markAwareMailer } from '#core/mail/delivery';
import { mailMarkStore } from '#storage/mail-marks';
import { loadSes } from './aws/clients';
import { env } from './env';
import { domainLog } from './logger';

/**
 * Sends through SES (aws-ses-v2-local when local) as the configured sender, with the
 * configuration set that reports bounces and complaints. Notifications to an address marked
 * bounced or complained are withheld (core/mail/delivery.ts): reading the mark is one GetItem,
 * which every route allowed to send mail may make (core/routes.ts effectiveGrants).
 */
export const sesMailer: Mailer = markAwareMailer({
  marks: mailMarkStore,
  log: domainLog,
  async transport(mail) {
    const configurationSet = env.mailConfigurationSet();
    if (mail.headers?.length) {
      // SES v1's SendEmail carries no headers of our own; v2's simple content does (same ses:SendEmail right).
      const { sesV2Client, SendEmailV2Command } = await loadSes();
      await sesV2Client().send(
        new SendEmailV2Command({
          FromEmailAddress: env.mailFrom(),
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
              Headers: mail.headers.map((h) => ({ Name: h.name, Value: h.value })),
            },
          },
          ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
        }),
      );
      return;
    }
    const { sesClient, SendEmailCommand } = await loadSes();
    await sesClient().send(
      new SendEmailCommand({
        Source: env.mailFrom(),
        Destination: { ToAddresses: [mail.to] },
        Message: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      }),
    );
  },
});
