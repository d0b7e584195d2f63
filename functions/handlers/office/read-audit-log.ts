import { routes } from '#core/routes';
import { readAuditLog } from '#core/office/audit-log';
import { auditLogQuery } from '#core/office/schemas';
import { auditLogDeps } from '#wiring/office-people';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/audit?day=&action=&actor=&cursor=: one day of the log (CST), newest first, filtered. */
export const handler = defineDelegateHandler(routes.readAuditLog, { query: auditLogQuery }, async ({ query, now }) => readAuditLog(auditLogDeps, query, now));
