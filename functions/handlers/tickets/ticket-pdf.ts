import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { ticketPdf } from '#core/tickets/ticket-files';
import { orderIdSchema } from '#core/orders/requests';
import { ticketFileDeps } from '#wiring/tickets';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

const params = z.extend(orderIdSchema, { person: z.string().check(z.maxLength(3)) });

/** GET /registration/tickets/{id}/{person}/pdf: a five-minute link to the PDF of one ticket of the delegate's own order. */
export const handler = defineDelegateHandler(routes.getTicketPdf, { params }, async ({ auth, params }) => reply(await ticketPdf(ticketFileDeps, auth.userId, params.id, params.person)));
