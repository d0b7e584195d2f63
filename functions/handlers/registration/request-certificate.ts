import { routes } from '#core/routes';
import { requestCertificate } from '#core/documents/issue-certificate';
import { orderIdSchema } from '#core/orders/requests';
import { abstractStore } from '#storage/abstracts';
import { issueCertificate } from '#storage/certificates';
import { documentStore } from '#storage/documents';
import { orderStore } from '#storage/orders';
import { delegateActor } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /registration/certificate/{id}: the order's certificate of attendance (issued on the first request after the congress; the same document after). */
export const handler = defineDelegateHandler(routes.requestCertificate, { params: orderIdSchema }, async ({ auth, params, now }) =>
  replyWith(await requestCertificate({ orders: orderStore, abstracts: abstractStore, documents: documentStore, issue: issueCertificate }, delegateActor(auth), auth.userId, params.id, now)),
);
