/** The tickets' calls (issue 34), built from the route table: an order's tickets, a ticket's PDF, the office's badge print. */
import { routes } from '#core/routes';
import type { orderTickets } from '#core/checkin/order-tickets';
import { callApi, callApiForMessage } from '../../lib/api-client';

export type OrderTickets = Awaited<ReturnType<typeof orderTickets>>;
export type TicketItem = OrderTickets['tickets'][number];
export interface FileLink {
  url: string;
  file_name: string;
}
export interface BadgePrint extends FileLink {
  badges: number;
  reprint: boolean;
}

export const ticketKeys = {
  order: (id: string) => ['tickets', 'order', id] as const,
  office: (id: string) => ['office', 'tickets', id] as const,
};

export const ticketApi = {
  ofOrder: (id: string) => callApi<OrderTickets>(routes.getOrderTickets, { params: { id }, concurrent: true }),
  ofOfficeOrder: (id: string) => callApi<OrderTickets>(routes.getOfficeOrderTickets, { params: { id } }),
  /** `person`: 1 for the delegate, 2... for accompanying persons. */
  pdf: (id: string, person: number) => callApi<FileLink>(routes.getTicketPdf, { params: { id, person } }),
  printBadges: (id: string) => callApiForMessage<BadgePrint>(routes.printOrderBadges, { params: { id } }),
};
