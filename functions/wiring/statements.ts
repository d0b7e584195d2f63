/**
 * Wiring of the bank statement import: the table, and the one path that books a transfer. That
 * path (confirm-transfer.ts, with the order rules and the payments module behind it) loads when a
 * line is first booked: most statement requests (list, search, discard) book nothing.
 */
import { createHash } from 'node:crypto';
import type { StatementDeps } from '#core/office/import-statement';
import { localise } from '#core/i18n/server-messages';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { statementStore } from '#storage/statements';
import { statementReader } from '#lib/statements/statement-reader';
import { findUserByEmail } from '#storage/users';
import type { RequestActor } from './orders';

/** The booking path and its wiring (the order rules, the payments module), loaded together on first use. */
const transfers = async () => {
  const [core, wiring] = await Promise.all([import('#core/office/confirm-transfer'), import('./orders')]);
  return { ...core, orderDeps: wiring.orderDeps };
};

export function statementDeps(siteOrigin: string, who: RequestActor): StatementDeps {
  const started = Date.now();
  return {
    statements: statementStore,
    orders: orderStore,
    ledger,
    findAccountByEmail: findUserByEmail,
    // Booked as the organiser of this request, audited by the ledger write itself.
    book: async (reference, amount, line) => {
      const t = await transfers();
      const booked = await t.officeConfirmTransfer(t.orderDeps(siteOrigin, who), reference, amount, who.now, line);
      // Kept with the statement line, in English (its words are shown again later).
      return { ...booked, message: localise('en', booked.message) };
    },
    awaitTransfer: async (order) => {
      const t = await transfers();
      return t.noteArrivedTransfer(t.orderDeps(siteOrigin, who), order, who.now);
    },
    hash: (content) => createHash('sha256').update(content).digest('hex'),
    reader: statementReader,
    elapsedMs: () => Date.now() - started,
  };
}
