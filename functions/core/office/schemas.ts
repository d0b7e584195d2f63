import * as z from 'zod/mini';

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

const filterMessage = 'Please choose a filter from the list.';
/** The order table's filters: one list each (core/office/order-rows.ts). */
export const orderFilterValues = ['all', 'status:0', 'status:2', 'status:1', 'status:-2', 'status:-1', 'method:card', 'method:transfer', 'rate:650', 'rate:250', 'visa', 'hotel', 'local-check'] as const;
export type OrderFilter = (typeof orderFilterValues)[number];
/** GET /office/orders?filter=&q=&cursor=&limit= */
export const officeOrdersQuery = z.object({
  filter: z._default(z.enum(orderFilterValues, { message: filterMessage }), 'all'),
  q: z._default(z.string().check(z.maxLength(200, 'The search is too long.')), ''),
  cursor: z.optional(z.string().check(z.maxLength(2000, 'This page of the list is no longer valid: start again from the first page.'))),
  limit: z._default(z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 100, 'Please ask for 1 to 100 rows.')), 25),
});
export const officeOrderIdSchema = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'No such order.')) });
