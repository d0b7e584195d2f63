/**
 * Copies of an account's data outside its own records, which are no accounting record
 * (docs/decisions/0042-what-a-deleted-account-leaves.md): the deletion empties or withdraws them
 * before its last step, so that after it the account's name and address are readable nowhere
 * but in what is kept for accounting (the anonymised orders have neither; receipts and credit
 * notes are kept as issued) and the append-only audit log.
 *
 * - The office's mail jobs: each recipient that was the account (by id or address) keeps its
 *   state, order number and amount (the job's counts stay true) without address and name.
 * - Imported bank statement lines matched or assigned to the account's orders keep the date,
 *   amount, currency, reference, order number and booking (the money trail of the kept order),
 *   without the bank's payer name, its remittance text and the delegate's name. The bank's own
 *   statement, with all of it, is the accounting voucher the organiser's accountant keeps.
 * - The office's export files made until now may hold the account (a delegate list holds every
 *   account): each is withdrawn, its file deleted, its link refused; the office makes a new one.
 */

/** How many copies a deletion emptied or withdrew (in its answer and its audit entry). */
export interface CopiesScrubbed {
  mail_recipients: number;
  statement_lines: number;
  exports_withdrawn: number;
}

export interface AccountCopies {
  /** Empties address and first name of the account's recipients in every mail job (each over the recipient read). */
  scrubMailRecipients(userId: string, address: string): Promise<number>;
  /** Empties payer, text, what was found in it and the delegate's name of the lines that name the account (each over its version). */
  scrubStatementLines(userId: string, at: Date): Promise<number>;
  /** Withdraws every export not withdrawn yet: its file deleted, the job marked (its link is refused). */
  withdrawExports(at: Date): Promise<number>;
}

export async function scrubCopies(copies: AccountCopies, user: { id: string; email: string }, now: Date): Promise<CopiesScrubbed> {
  return {
    mail_recipients: await copies.scrubMailRecipients(user.id, user.email),
    statement_lines: await copies.scrubStatementLines(user.id, now),
    exports_withdrawn: await copies.withdrawExports(now),
  };
}
