/**
 * What the office's exports read: the whole table, page by page (Scan, 1 MB a page, filtered by
 * entity), in the job WORKER only: no route is granted dynamodb:Scan (core/routes.ts). An export of
 * the whole congress may read everything; it runs off the request path
 * (docs/decisions/0016-the-offices-jobs-exports-and-mail-to-delegates.md). Rows are grouped in
 * memory (5,000 orders with their ledger are a few MB; `npm run bench -- --only=office` measures
 * the worker's peak memory) and sorted so that an export reads in a stable order.
 */
import type { StoredAbstract } from '#core/abstracts/ports';
import type { User } from '#core/accounts/model';
import type { ExportSource } from '#core/office/jobs';
import type { MailSource } from '#core/office/send-mail';
import type { RecordedScan } from '#core/checkin/ports';
import { ticketsOf } from '#core/checkin/tickets';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund, Subject } from '#core/payments/model';
import type { StoredRegistration } from '#core/registration-by-category/ports';
import type { AbstractSummary } from '#core/review/deciding';
import type { StoredConflictOverride } from '#core/review/conflict-overrides';
import type { StoredReview } from '#core/review/reviewing';
import type { ReviewTeamMember } from '#core/review/team';
import { allOrdersWithMoney } from './money-scan';
import { scanEntities, type Item } from './scan';

function recordOf<T>(item: Item): T {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _s1, gsi2pk: _g2, gsi2sk: _s2, gsi3pk: _g3, gsi3sk: _s3, ...rest } = item;
  return rest as T;
}
/** Never in an export: what only the server may know of an account. */
function userOf(item: Item): User {
  const { password_hash: _h, session_epoch: _s, ...user } = recordOf<User>(item);
  return user as User;
}
const byTime = (a: { created_at: string }, b: { created_at: string }) => a.created_at.localeCompare(b.created_at);

export const exportSource: ExportSource = {
  async checkins() {
    // Every scan, and the orders they name (for the holder's name), in one pass over the table.
    const scans: RecordedScan[] = [];
    const orders = new Map<string, StoredOrder>();
    for await (const item of scanEntities(['checkin-scan', 'order'])) {
      if (item.entity === 'checkin-scan') scans.push(item.scan as RecordedScan);
      else orders.set(item.id as string, recordOf<StoredOrder>(item));
    }
    return scans
      .sort((a, b) => a.received_at.localeCompare(b.received_at) || a.key.localeCompare(b.key))
      .map((scan) => {
        const order = scan.order_id ? orders.get(scan.order_id) : undefined;
        const ticket = order && ticketsOf(order).find((t) => t.id === scan.ticket_id);
        return { scan, ...(ticket ? { holder: { order_no: ticket.order_no, first_name: ticket.first_name, last_name: ticket.last_name, chinese_name: ticket.chinese_name, role: ticket.role } } : {}) };
      });
  },
  async orders() {
    // The orders with their payments and refunds, as the reconciliation reads them (oldest first).
    return (await allOrdersWithMoney())
      .filter((o): o is typeof o & { order: StoredOrder } => o.order !== undefined)
      .map((o) => ({ order: o.order, payments: o.ledger.payments, refunds: o.ledger.refunds }))
      .sort((a, b) => a.order.sequence - b.order.sequence);
  },
  async registrations() {
    // Each registration with the ledger records of its two subjects (fee, dinners), named by its number.
    const registrations: StoredRegistration[] = [];
    const money = new Map<string, { payments: Payment[]; refunds: Refund[] }>();
    const of = (code: string) => {
      let found = money.get(code);
      if (!found) money.set(code, (found = { payments: [], refunds: [] }));
      return found;
    };
    for await (const item of scanEntities(['registration', 'payment', 'refund'])) {
      if (item.entity === 'registration') {
        registrations.push(recordOf<StoredRegistration>(item));
        continue;
      }
      const subject = item.subject as Subject | undefined;
      if (subject?.kind !== 'registration-fee' && subject?.kind !== 'registration-dinners') continue;
      if (item.entity === 'payment') of(subject.id).payments.push(recordOf<Payment>(item));
      else of(subject.id).refunds.push(recordOf<Refund>(item));
    }
    return registrations
      .sort((a, b) => a.sequence - b.sequence)
      .map((registration) => {
        const m = money.get(registration.register_code) ?? { payments: [], refunds: [] };
        return { registration, payments: m.payments.sort(byTime), refunds: m.refunds.sort(byTime) };
      });
  },
  async delegates() {
    const users: User[] = [];
    for await (const item of scanEntities(['user'])) users.push(userOf(item));
    return users.sort(byTime).map((user) => ({ user }));
  },
  async abstracts() {
    const emails = new Map<string, string>();
    const abstracts: StoredAbstract[] = [];
    for await (const item of scanEntities(['user', 'abstract'])) {
      if (item.entity === 'user') emails.set(item.id as string, item.email as string);
      else abstracts.push(recordOf<StoredAbstract>(item));
    }
    return abstracts.sort(byTime).map((abstract) => ({ abstract, owner_email: emails.get(abstract.owner_id) }));
  },
  async reviewSheet() {
    const people = new Map<string, { email: string; name: string }>();
    const abstracts: StoredAbstract[] = [];
    const reviews: StoredReview[] = [];
    const members: ReviewTeamMember[] = [];
    const overrides: StoredConflictOverride[] = [];
    for await (const item of scanEntities(['user', 'abstract', 'review', 'review-team-member', 'review-conflict-override'])) {
      if (item.entity === 'user') people.set(item.id as string, { email: item.email as string, name: [item.first_name, item.last_name].filter((p) => typeof p === 'string' && p.trim()).join(' ') });
      else if (item.entity === 'abstract') abstracts.push(recordOf<StoredAbstract>(item));
      else if (item.entity === 'review') reviews.push(recordOf<StoredReview>(item));
      else if (item.entity === 'review-conflict-override') overrides.push(recordOf<StoredConflictOverride>(item));
      else members.push(recordOf<ReviewTeamMember>(item));
    }
    return { abstracts: abstracts.sort(byTime).map((abstract) => ({ abstract, owner_email: people.get(abstract.owner_id)?.email })), reviews, members, people, overrides };
  },
  async decisions() {
    const emails = new Map<string, string>();
    const abstracts: StoredAbstract[] = [];
    const summaries: AbstractSummary[] = [];
    for await (const item of scanEntities(['user', 'abstract', 'review-summary'])) {
      if (item.entity === 'user') emails.set(item.id as string, item.email as string);
      else if (item.entity === 'abstract') abstracts.push(recordOf<StoredAbstract>(item));
      else {
        const summary = recordOf<AbstractSummary>(item);
        summaries.push({ ...summary, decision: summary.decision ?? null, decision_v: summary.decision_v ?? 0 });
      }
    }
    return { abstracts: abstracts.sort(byTime).map((abstract) => ({ abstract, owner_email: emails.get(abstract.owner_id) })), summaries };
  },
};

/**
 * What the office's mail chooses recipients from (the mail job's first step, in the worker):
 * every order; or every delegate who submitted an abstract, with the name of their account.
 * docs/decisions/0016-the-offices-jobs-exports-and-mail-to-delegates.md: the filters run in the worker until the office's order indexes exist.
 */
export const mailSource: MailSource = {
  async orders() {
    const orders: StoredOrder[] = [];
    for await (const item of scanEntities(['order'])) orders.push(recordOf<StoredOrder>(item));
    return orders;
  },
  async presenters() {
    const users = new Map<string, { email: string; first_name: string; created_at: string }>();
    const owners = new Set<string>();
    for await (const item of scanEntities(['user', 'abstract'])) {
      if (item.entity === 'user') users.set(item.id as string, { email: item.email as string, first_name: (item.first_name as string) ?? '', created_at: item.created_at as string });
      else owners.add(item.owner_id as string);
    }
    return [...owners]
      .flatMap((id) => {
        const user = users.get(id);
        return user ? [{ id, ...user }] : [];
      })
      .sort(byTime)
      .map((u) => ({ email: u.email, user_id: u.id, first_name: u.first_name, order_no: '', amount: '' }));
  },
};
