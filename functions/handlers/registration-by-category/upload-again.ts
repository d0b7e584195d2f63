import { routes } from '#core/routes';
import { uploadAgain } from '#core/registration-by-category/review';
import { uploadAgainSchema } from '#core/registration-by-category/schemas';
import { reviewDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /upload_again (card_message: the member number or the documents' references): a rejected registration back under review. */
export const handler = defineDelegateHandler(routes.uploadAgain, { body: uploadAgainSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await uploadAgain(reviewDeps(siteOrigin), { id: auth.userId, email: auth.email }, body.card_message, now)),
);
