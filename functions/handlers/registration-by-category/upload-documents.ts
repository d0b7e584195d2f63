import { routes } from '#core/routes';
import { invalid } from '#core/errors';
import { uploadVoucher } from '#core/registration-by-category/review';
import { uploadDocumentsSchema, voucherMessages } from '#core/registration-by-category/schemas';
import { reviewDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /upload_documents?payment_voucher=<file id>: the payment voucher (an uploaded JPG or PNG) kept on the registration. */
export const handler = defineDelegateHandler(
  routes.uploadDocuments,
  { query: uploadDocumentsSchema, body: uploadDocumentsSchema },
  async ({ auth, query, body, now, siteOrigin }) => {
    const fileId = query.payment_voucher || body.payment_voucher;
    if (!fileId) throw invalid(voucherMessages.missing, { payment_voucher: voucherMessages.missing });
    return replyWith(await uploadVoucher(reviewDeps(siteOrigin), { id: auth.userId, email: auth.email }, fileId, now));
  },
);
