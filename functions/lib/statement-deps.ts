/** Wiring of the bank statement import: the table, and the one path that books a transfer. */
import { createHash } from 'node:crypto';
import type { StatementDeps } from '#core/office/import-statement';
import { noteArrivedTransfer, officeConfirmTransfer } from '#core/office/confirm-transfer';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { statementStore } from '#storage/statements';
import { findUserByEmail } from '#storage/users';
import { orderDeps, type RequestActor } from './order-deps';

export function statementDeps(siteOrigin: string, who: RequestActor): StatementDeps {
  const started = Date.now();
  return {
    statements: statementStore,
    orders: orderStore,
    ledger,
    findAccountByEmail: findUserByEmail,
    // Booked as the organiser of this request, audited by the ledger write itself.
    book: (reference, amount, line) => officeConfirmTransfer(orderDeps(siteOrigin, who), reference, amount, who.now, line),
    awaitTransfer: (order) => noteArrivedTransfer(orderDeps(siteOrigin, who), order, who.now),
    hash: (content) => createHash('sha256').update(content).digest('hex'),
    elapsedMs: () => Date.now() - started,
  };
}
