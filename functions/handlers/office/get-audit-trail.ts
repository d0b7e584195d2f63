import { routes } from '#core/routes';
import { auditTrail } from '#core/office/audit-log';
import { auditObjectParams } from '#core/office/schemas';
import { auditLogDeps } from '#wiring/office-people';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/audit/{type}/{id}: everything the log says about one object, newest first. */
export const handler = defineDelegateHandler(routes.getAuditTrail, { params: auditObjectParams }, async ({ params }) => auditTrail(auditLogDeps, params.type, params.id));
