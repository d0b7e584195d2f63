import { routes } from '#core/routes';
import { mailPreviewSchema } from '#core/office/mail-jobs';
import { previewMail } from '#core/office/send-mail';
import { previewDeps } from '#wiring/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/mail/preview { filter, order_no?, purpose, subject, text, preview_for }: the mail one recipient would get; nothing is sent. */
export const handler = defineDelegateHandler(routes.previewMail, { body: mailPreviewSchema }, async ({ body, siteOrigin }) => {
  const { preview_for, ...spec } = body;
  return previewMail(previewDeps, spec, preview_for, siteOrigin);
});
