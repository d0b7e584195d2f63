import { routes } from '#core/routes';
import { getOfficeRegistration } from '#core/office/registrations';
import { officeRegistrationParams } from '#core/office/schemas';
import { officeRegistrationDeps } from '#wiring/registration-by-category';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/registrations/{owner}: everything the delegate gave, the documents and voucher (download links), the audit trail. */
export const handler = defineDelegateHandler(routes.getOfficeRegistration, { params: officeRegistrationParams }, async ({ params }) => getOfficeRegistration(officeRegistrationDeps, params.owner));
