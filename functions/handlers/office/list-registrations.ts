import { routes } from '#core/routes';
import { listRegistrations } from '#core/office/registrations';
import { officeRegistrationsQuery } from '#core/office/schemas';
import { officeRegistrationDeps } from '#wiring/registration-by-category';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/registrations?list=all|review&cursor=: the registrations by category (newest first), or the review queue (oldest first). */
export const handler = defineDelegateHandler(routes.listOfficeRegistrations, { query: officeRegistrationsQuery }, async ({ query }) => listRegistrations(officeRegistrationDeps, query));
