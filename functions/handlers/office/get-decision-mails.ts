import { routes } from '#core/routes';
import { publicationOutbox } from '#core/review/publishing';
import { outboxQuery, publicationParams } from '#core/review/schemas';
import { mailBatchStore } from '#storage/mail-jobs';
import { mailMarkStore } from '#storage/mail-marks';
import { addressOf } from '#core/mail/delivery';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/decision_mails/{id}?page=: a page of a publication's mails: sent, bounced, withheld or failed. */
export const handler = defineDelegateHandler(routes.getDecisionMails, { params: publicationParams, query: outboxQuery }, async ({ params, query }) =>
  publicationOutbox(
    {
      jobs: officeJobStore,
      batches: mailBatchStore,
      async bouncedSince(address, since) {
        const mark = await mailMarkStore.get(addressOf(address));
        return mark?.kind === 'bounced' && mark.at >= since;
      },
    },
    params.id,
    query.page,
  ),
);
