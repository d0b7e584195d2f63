import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { resendDecisionMail } from '#core/review/publishing';
import { publicationParams, resendBody } from '#core/review/schemas';
import { resendDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/decision_mails/{id}/resend { batch, position }: one author's mail sent again now. */
export const handler = defineDelegateHandler(routes.resendDecisionMail, { params: publicationParams, body: resendBody }, async ({ auth, params, body, now }) =>
  replyWith(await resendDecisionMail(resendDeps, organiserActor(auth), params.id, body, now)),
);
