import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { attendanceBody, markAttendance } from '#core/office/attendance';
import { officeOrderIdSchema } from '#core/office/schemas';
import { officeOrderReads } from '#wiring/office-orders';
import { saveAttendance } from '#storage/attendance';
import { mailCertificateReady } from '#core/documents/certificate-mail';
import { certificateMailDeps } from '#wiring/certificate-mail';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/**
 * POST /office/orders/{id}/attendance { attended, version }: the office marks whether the delegate
 * attended (over the version read, audited); after the congress's end the delegate is told the
 * certificate is ready.
 */
export const handler = defineDelegateHandler(routes.markAttendance, { params: officeOrderIdSchema, body: attendanceBody }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(
    await markAttendance(
      { reads: officeOrderReads, saveAttendance, certificateReady: (order, at) => mailCertificateReady(certificateMailDeps(siteOrigin), order, at) },
      organiserActor(auth),
      params.id,
      body,
      now,
    ),
  ),
);
