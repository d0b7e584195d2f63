/**
 * The printed tickets and badges (issue 34): a delegate's ticket as a one-page PDF, one order's
 * badges printed at the office's desk (A6, one per person), and every paid order's badges as an
 * office job (A4 sheets of four, core/office/jobs.ts export `badges`).
 *
 * A ticket PDF is made at each download (about a quarter of a second), so a cancelled order's
 * ticket says it is revoked at once; it is kept under documents/tickets/ and answered as a
 * short-lived link, as the documents are. Every print of badges, and every reprint, writes an
 * audit entry on the order (`badge.printed`, `badge.reprinted`): printing is never an entry at a
 * door (badge pickup is its own check-in list).
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { text } from '../i18n/messages';
import type { StoredOrder } from '../orders/ports';
import { ticketViews, type TicketView } from '../checkin/order-tickets';
import type { TicketSigner } from '../checkin/tickets';
import { badgeRole, presents, type RoleAccount } from './badge-role';
import { badgeFileName, ticketCard, ticketFileName, type TicketCard } from './ticket-cards';

export type BadgeLayout = 'a6' | 'a4';

export interface RenderedFile {
  bytes: Uint8Array;
  pages: number;
  missingGlyphs: number;
}

export interface TicketRenderer {
  ticket(card: TicketCard): Promise<RenderedFile>;
  badges(cards: readonly TicketCard[], layout: BadgeLayout, title: string): Promise<RenderedFile>;
}

export interface TicketFiles {
  put(key: string, bytes: Uint8Array, fileName: string): Promise<void>;
  link(key: string, fileName: string): Promise<string>;
}

/** Who is who: the account's roles and addresses, and the speakers of the published programme. */
export interface RoleSource {
  account(ownerId: string): Promise<(RoleAccount & { email?: string }) | undefined>;
  /** The published programme's presenters' addresses (badge-role.ts `speakerKeys`). */
  speakers(): Promise<ReadonlySet<string>>;
}

export interface TicketFileDeps {
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  signer(): Promise<TicketSigner>;
  render: TicketRenderer;
  files: TicketFiles;
}

export interface BadgePrintDeps extends TicketFileDeps {
  /** The order's owner, by the order's id (the office's order list row). */
  ownerOf(orderId: string): Promise<string | undefined>;
  roles: RoleSource;
  audit: { trail(orderId: string): Promise<AuditEntry[]>; record(entry: AuditEntry): Promise<void> };
}

const PERSON = /^\d{1,2}$/;

/** The role of each of an order's tickets (the account read once). */
export async function rolesOf(roles: RoleSource, order: Pick<StoredOrder, 'owner_id' | 'owner_email' | 'primary_email'>, speakers: ReadonlySet<string>, tickets: readonly TicketView[]) {
  const account = await roles.account(order.owner_id);
  const speaker = presents(speakers, [account?.email, order.owner_email, order.primary_email]);
  return tickets.map((t) => badgeRole(t, account, speaker));
}

/**
 * `{ url, file_name }` of the PDF of ticket `person` (1: the delegate, 2...: accompanying
 * persons) of the delegate's own order; 404 for an order that is not theirs, an unpaid one, or a
 * person it does not have.
 */
export async function ticketPdf(deps: TicketFileDeps, ownerId: string, orderId: string, person: string) {
  const order = await deps.get(ownerId, orderId);
  const index = PERSON.test(person) ? Number(person) - 1 : -1;
  const view = order ? ticketViews(order, await deps.signer())[index] : undefined;
  if (!order || !view) throw notFound(text('api.tickets.notFound'));
  const card = ticketCard(view, view.role === 'delegate' ? 'delegate' : 'accompanying');
  const pdf = await deps.render.ticket(card);
  const fileName = ticketFileName(card);
  const key = `documents/tickets/${order.id}/${view.id}.pdf`;
  await deps.files.put(key, pdf.bytes, fileName);
  return { url: await deps.files.link(key, fileName), file_name: fileName };
}

const stamp = (at: Date) => at.toISOString().replace(/[-:.]/g, '');

/**
 * The office prints one order's badges (A6, one per valid ticket): audited as `badge.printed`
 * the first time and `badge.reprinted` after, with the tickets and roles printed.
 */
export async function printOrderBadges(deps: BadgePrintDeps, actor: Actor, orderId: string, now: Date) {
  const ownerId = await deps.ownerOf(orderId);
  const order = ownerId ? await deps.get(ownerId, orderId) : undefined;
  if (!order) throw notFound(text('api.tickets.orderNotFound'));
  const views = ticketViews(order, await deps.signer()).filter((t) => !t.revoked);
  if (views.length === 0) throw conflict(text('api.tickets.noValidTickets', { orderNo: order.order_no }));
  const roles = await rolesOf(deps.roles, order, await deps.roles.speakers(), views);
  const cards = views.map((v, i) => ticketCard(v, roles[i]!));
  const fileName = badgeFileName(order.order_no);
  const pdf = await deps.render.badges(cards, 'a6', fileName);
  const key = `exports/badges/${order.id}/${stamp(now)}.pdf`;
  await deps.files.put(key, pdf.bytes, fileName);
  const before = (await deps.audit.trail(order.id)).filter((e) => e.action === 'badge.printed' || e.action === 'badge.reprinted').length;
  const reprint = before > 0;
  await deps.audit.record(
    auditEntry({
      action: reprint ? 'badge.reprinted' : 'badge.printed',
      actor,
      at: now,
      object: { type: 'order', id: order.id },
      after: { tickets: cards.map((c) => c.ticket_id), roles: cards.map((c) => c.role), layout: 'a6', prints: before + 1 },
    }),
  );
  return {
    message: text(reprint ? 'api.tickets.badgesReprinted' : 'api.tickets.badgesPrinted', { count: cards.length, orderNo: order.order_no }),
    data: { url: await deps.files.link(key, fileName), file_name: fileName, badges: cards.length, reprint },
  };
}

/** What the bulk job reads: every paid order, page by page. */
export interface PaidOrderPages {
  page(cursor: string | undefined, limit: number): Promise<{ orders: StoredOrder[]; next?: string | null }>;
}

/**
 * Every paid order's badges as A4 sheets of four, in order-number order (the desk's boxes);
 * revoked tickets are left out. Answers the PDF and how many badges it prints.
 */
export async function renderAllBadges(deps: { orders: PaidOrderPages; signer(): Promise<TicketSigner>; roles: RoleSource; render: TicketRenderer }, title: string) {
  const signer = await deps.signer();
  const speakers = await deps.roles.speakers();
  const cards: TicketCard[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.orders.page(cursor, 200);
    for (const order of page.orders) {
      const views = ticketViews(order, signer).filter((t) => !t.revoked);
      if (views.length === 0) continue;
      const roles = await rolesOf(deps.roles, order, speakers, views);
      cards.push(...views.map((v, i) => ticketCard(v, roles[i]!)));
    }
    cursor = page.next ?? undefined;
  } while (cursor);
  cards.sort((a, b) => a.order_no.localeCompare(b.order_no) || a.person - b.person);
  const pdf = await deps.render.badges(cards, 'a4', title);
  return { bytes: pdf.bytes, badges: cards.length, pages: pdf.pages, missingGlyphs: pdf.missingGlyphs };
}
