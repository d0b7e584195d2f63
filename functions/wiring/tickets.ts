/**
 * Wiring of the printed tickets and badges (core/tickets/ticket-files.ts): the orders, the
 * tickets' signing keys, the PDFs (pdfkit loaded only when one is made), the files in the
 * uploads bucket (tickets under documents/, badges under exports/), the roles' sources and the
 * audit log.
 */
import type { BadgePrintDeps, RoleSource, TicketFileDeps, TicketRenderer } from '#core/tickets/ticket-files';
import { speakerKeys } from '#core/tickets/badge-role';
import { allAbstracts } from '#core/review/conflict-checks';
import { orderStore } from '#storage/orders';
import { orderRowOf } from '#storage/order-rows';
import { documentFiles } from '#storage/documents';
import { exportFiles } from '#storage/export-files';
import { auditOf, recordAudit } from '#storage/audit';
import { getUser } from '#storage/users';
import { programmeStore } from '#storage/programme';
import { abstractDirectory } from '#storage/office-directory';
import { signingKeys } from '#lib/checkin-keys';

export const ticketRenderer: TicketRenderer = {
  async ticket(card) {
    return (await import('#lib/pdf/tickets')).renderTicketPdf(card);
  },
  async badges(cards, layout, title) {
    return (await import('#lib/pdf/tickets')).renderBadges(cards, layout, title);
  },
};

export const ticketFileDeps: TicketFileDeps = { get: (ownerId, id) => orderStore.get(ownerId, id), signer: signingKeys, render: ticketRenderer, files: documentFiles };

/** The account's roles, and the published programme's presenters (read on each print: a publication may move them). */
export const roleSource: RoleSource = {
  async account(ownerId) {
    const user = await getUser(ownerId);
    return user && { role: user.role, review_roles: user.review_roles, email: user.email };
  },
  async speakers() {
    const programme = await programmeStore.latest();
    return programme ? speakerKeys(programme, await allAbstracts(abstractDirectory)) : new Set<string>();
  },
};

export const badgePrintDeps: BadgePrintDeps = {
  ...ticketFileDeps,
  files: { put: async (key, bytes, fileName) => void (await exportFiles.putPdf(key, bytes, fileName)), link: (key, fileName) => exportFiles.link(key, fileName) },
  ownerOf: async (orderId) => (await orderRowOf(orderId))?.owner_id,
  roles: roleSource,
  audit: { trail: (orderId) => auditOf('order', orderId), record: recordAudit },
};
