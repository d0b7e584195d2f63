import * as z from 'zod/mini';
import { officeLimits } from '../config/conference';
import { csvMappingSchema } from './statement';
import { orderMailKinds, resendMessages } from './order-mail-kinds';

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
/** US dollars as the office types them: at most two decimals ("650", "650.00"). */
const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;
/** Such an amount in cents. */
export const toCents = (dollars: string) => Math.round(Number(dollars.trim()) * 100);
/** What arrived on the bank statement, in US dollars with at most two decimals ("650", "650.00"), as cents. */
export const transferAmount = z.pipe(
  z.pipe(z.string({ message: amountMessage }).check(z.regex(DOLLARS, amountMessage)), z.transform(toCents)),
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

/** A page link of an office list (the server's continuation, refused when it is not one it gave). */
export const cursorMessage = 'This page link is no longer valid. Start again from the first page.';
const cursorField = z.optional(z.string({ message: cursorMessage }).check(z.maxLength(2000, cursorMessage)));
/** `count=1`: the answer also says how many the list holds over all its pages (`total`). */
const countField = z.optional(z.literal('1', { message: 'count is 1 or absent.' }));

const rowsMessage = `Please ask for 1 to ${officeLimits.orderPage.maxRows} rows.`;
const orderFilterMessage = 'Please choose a filter from the list.';
/** The order table's filters: one list each (core/office/order-rows.ts). */
export const orderFilterValues = ['all', 'status:0', 'status:2', 'status:1', 'status:-2', 'status:-1', 'method:card', 'method:transfer', 'rate:650', 'rate:250', 'visa', 'hotel', 'local-check', 'money:partial', 'money:overpaid', 'money:unconfirmed'] as const;
export type OrderFilter = (typeof orderFilterValues)[number];
/** GET /office/orders?filter=&q=&cursor=&limit= */
export const officeOrdersQuery = z.object({
  filter: z._default(z.enum(orderFilterValues, { message: orderFilterMessage }), 'all'),
  q: z._default(z.string().check(z.maxLength(200, 'The search is too long.')), ''),
  cursor: cursorField,
  limit: z._default(
    z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= officeLimits.orderPage.maxRows, rowsMessage)),
    officeLimits.orderPage.rows,
  ),
  count: countField,
});
export const officeOrderIdSchema = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'No such order.')) });
// The office's lists and searches (delegates, abstracts, the audit log).
const searchMessage = 'Type the start of a name or a whole e-mail address (at most 200 characters).';
export const delegateSearchQuery = z.object({ q: z.optional(z.string({ message: searchMessage }).check(z.maxLength(200, searchMessage))), cursor: cursorField, count: countField });

const idMessage = 'There is no such record.';
/** An account, abstract or file id as the table keeps them (letters, digits, dashes). */
export const recordId = z.string({ message: idMessage }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, idMessage));
export const delegateParams = z.object({ id: recordId });
export const officeAbstractParams = z.object({ owner: recordId, id: recordId });

const categoryMessage = 'Please choose a category from the list.';
export const officeAbstractsQuery = z.object({ category: z.string({ message: categoryMessage }).check(z.maxLength(100, categoryMessage)), cursor: cursorField, count: countField });

const dayMessage = 'Please give the day as YYYY-MM-DD.';
const filterMessage = 'A filter is at most 200 characters.';
export const auditLogQuery = z.object({
  day: z.optional(z.string({ message: dayMessage }).check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, dayMessage))),
  action: z.optional(z.string({ message: filterMessage }).check(z.maxLength(200, filterMessage))),
  actor: z.optional(z.string({ message: filterMessage }).check(z.maxLength(200, filterMessage))),
  cursor: cursorField,
});

const objectMessage = 'Name an object by its type (e.g. account, order, abstract, file) and its id.';
export const auditObjectParams = z.object({
  type: z.string({ message: objectMessage }).check(z.regex(/^[a-z_]{1,40}$/, objectMessage)),
  id: z.string({ message: objectMessage }).check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/, objectMessage)),
});

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
const lineSearchMessage = 'Search by order number (R24-000123), payment reference or the delegate\'s e-mail address.';
export const orderSearchQuery = z.object({ q: z.string({ message: lineSearchMessage }).check(z.refine((v) => v.trim().length > 0, lineSearchMessage), z.maxLength(254, lineSearchMessage)) });
export const assignLineBody = z.object({ reference: officeReference });
const noteMessage = 'Please say why the line is set aside (e.g. "sent back to the payer", "not for the congress").';
export const discardLineBody = z.object({
  note: z.string({ message: noteMessage }).check(z.refine((v) => v.trim().length > 0, noteMessage), z.maxLength(500, 'The note is at most 500 characters.')),
});

const refundAmountMessage = 'Please give the refund in US dollars, e.g. 325.00 (0 for none).';
const refundReasonMessage = 'Please say why the refund differs from the policy: the delegate is told, and the order keeps it.';
/**
 * The office cancels an order: with the policy's refund (`expected_refund` is the one shown), or
 * with another amount and its reason. One schema for the API and the form.
 */
export const officeCancelSchema = z
  .object({
    expected_refund: z.optional(z.string().check(z.regex(/^\d+\.\d{2}$/, 'The refund shown is not an amount. Please reload the page.'))),
    refund: z._default(z.enum(['policy', 'other'], { message: 'Please choose the refund: the policy amount or another amount.' }), 'policy'),
    refund_amount: z.optional(z.string({ message: refundAmountMessage }).check(z.maxLength(12, refundAmountMessage))),
    reason: z.optional(z.string({ message: refundReasonMessage }).check(z.maxLength(500, 'The reason is at most 500 characters.'))),
  })
  .check(
    z.superRefine((v: { refund: 'policy' | 'other'; refund_amount?: string; reason?: string }, ctx) => {
      if (v.refund !== 'other') return;
      if (!DOLLARS.test((v.refund_amount ?? '').trim())) ctx.addIssue({ code: 'custom', path: ['refund_amount'], message: refundAmountMessage, input: v });
      if (!(v.reason ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: refundReasonMessage, input: v });
    }),
  );
export type OfficeCancel = z.output<typeof officeCancelSchema>;
export type OfficeCancelInput = z.input<typeof officeCancelSchema>;

/** Which of an order's mails to send again. */
export const resendOrderMailSchema = z.object({ mail: z.enum(orderMailKinds, { message: resendMessages.kind }) });

// The registrations by category (core/office/registrations.ts): the list, one registration, the review decision.
const registrationListMessage = 'Please choose all registrations or those waiting for review.';
export const officeRegistrationsQuery = z.object({
  list: z._default(z.enum(['all', 'review'], { message: registrationListMessage }), 'all'),
  cursor: cursorField,
  count: countField,
});
export const officeRegistrationParams = z.object({ owner: recordId });
const reasonMessage = 'Please give the reason the delegate will read.';
const decisionMessage = 'Please choose Approve or Reject.';
/** Approve, or reject with the reason mailed to the delegate; over the version the organiser read. */
export const reviewDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { message: decisionMessage }),
    reason: z._default(z.string().check(z.trim(), z.maxLength(1000, 'The reason is at most 1000 characters.')), ''),
    version: z.string({ message: 'Please reload the registration.' }).check(z.minLength(1, 'Please reload the registration.'), z.maxLength(40)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.decision === 'reject' && !v.reason.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: reasonMessage });
    }),
  );
export type ReviewDecisionInput = z.input<typeof reviewDecisionBody>;

// The visa letters (core/office/visa-letters.ts): the queue, the review decision, a new letter.
const visaDecisionMessage = 'Please choose Approve or Ask to correct.';
const visaVersionMessage = 'Please reload the order.';
const visaVersion = z.string({ message: visaVersionMessage }).check(z.minLength(1, visaVersionMessage), z.maxLength(40));
export const visaQueueQuery = z.object({ cursor: cursorField });
/** Approve the passport data, or ask the delegate to correct it with a message (mailed); over the version the organiser read. */
export const visaDecisionBody = z
  .object({
    decision: z.enum(['approve', 'correct'], { message: visaDecisionMessage }),
    message: z._default(z.string().check(z.trim(), z.maxLength(1000, 'The message is at most 1000 characters.')), ''),
    version: visaVersion,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.decision === 'correct' && !v.message.trim()) ctx.addIssue({ code: 'custom', path: ['message'], message: 'Please say what the delegate should correct.' });
    }),
  );
export type VisaDecisionInput = z.input<typeof visaDecisionBody>;
export const visaLetterBody = z.object({ version: visaVersion });
