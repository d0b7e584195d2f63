import type { Mailer } from '#core/accounts/ports';
import { loadSes } from './aws/clients';
import { env } from './env';

/** Sends through SES (aws-ses-v2-local when local) as the configured sender. */
export const sesMailer: Mailer = {
  async send(mail) {
    const { sesClient, SendEmailCommand } = await loadSes();
    await sesClient().send(
      new SendEmailCommand({
        Source: env.mailFrom(),
        Destination: { ToAddresses: [mail.to] },
        Message: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
      }),
    );
  },
};
