import * as z from 'zod/mini';
import { csvMappingSchema } from './statement';

const codeMessage = 'Please enter the 6-digit code from your authenticator app.';
/** A 6-digit code (spaces as some apps show them are allowed). */
export const totpCode = z.pipe(
  z.string({ message: codeMessage }).check(z.maxLength(12, codeMessage)),
  z.transform((v) => v.replace(/\s/g, '')),
).check(z.regex(/^\d{6}$/, codeMessage));

export const confirmSecondFactorBody = z.object({ code: totpCode });

const recoveryMessage = 'Please enter one of your recovery codes (10 letters and digits).';
/** Either a code from the app or a recovery code. */
export const verifySecondFactorBody = z.union([
  z.object({ code: totpCode }),
  z.object({ recovery_code: z.string({ message: recoveryMessage }).check(z.minLength(10, recoveryMessage), z.maxLength(20, recoveryMessage)) }),
]);

const amountMessage = 'Please give the amount received in US dollars, e.g. 650.00.';
/** What arrived on the bank statement, in US dollars with at most two decimals ("650", "650.00"), as cents. */
export const transferAmount = z.pipe(
  z.pipe(z.string({ message: amountMessage }).check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, amountMessage)), z.transform((v) => Math.round(Number(v) * 100))),
  z.number().check(z.refine((cents) => cents > 0, amountMessage)),
);
export const transferReceivedBody = z.object({ amount: transferAmount });

const referenceMessage = 'Please enter the payment reference, e.g. IACR24-000123-7.';
/** The office's forms: a transfer reference as the delegate wrote it (the server reads it without case, spaces or dashes). */
export const officeReference = z.string({ message: referenceMessage }).check(
  z.refine((v) => v.trim().length > 0, referenceMessage),
  z.maxLength(40, referenceMessage),
);
export const transferReceivedForm = z.object({ reference: officeReference, amount: transferAmount });
export const referenceForm = z.object({ reference: officeReference });

// The bank statement import (import-statement.ts)
const fileMessage = 'Please choose the bank statement file (CSV or CAMT.053 XML).';
export const importStatementBody = z.object({
  file_name: z.string({ message: fileMessage }).check(z.minLength(1, fileMessage), z.maxLength(255, 'The file name is at most 255 characters.')),
  /** The file's bytes, base64: the server reads them exactly (UTF-8 or not). */
  content_base64: z.string({ message: fileMessage }).check(z.minLength(1, fileMessage)),
  mapping: z.optional(csvMappingSchema),
});
export const statementLineParams = z.object({ id: z.string().check(z.maxLength(100)) });
export const statementImportParams = z.object({ id: z.string().check(z.maxLength(100)) });
const searchMessage = 'Search by order number (R24-000123), payment reference or the delegate\'s e-mail address.';
export const orderSearchQuery = z.object({ q: z.string({ message: searchMessage }).check(z.refine((v) => v.trim().length > 0, searchMessage), z.maxLength(254, searchMessage)) });
export const assignLineBody = z.object({ reference: officeReference });
const noteMessage = 'Please say why the line is set aside (e.g. "sent back to the payer", "not for the congress").';
export const discardLineBody = z.object({
  note: z.string({ message: noteMessage }).check(z.refine((v) => v.trim().length > 0, noteMessage), z.maxLength(500, 'The note is at most 500 characters.')),
});
