import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { referenceSchema } from '#core/orders/schemas';
import { officeConfirmTransfer } from '#core/orders/orders';
import { orderDeps } from '#lib/order-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

const amountMessage = 'Please give the amount received in US dollars, e.g. 650.00.';
/** What arrived on the bank statement, in US dollars with at most two decimals ("650", "650.00"). */
const body = z.object({
  amount: z.pipe(
    z.pipe(z.string({ message: amountMessage }).check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, amountMessage)), z.transform((v) => Math.round(Number(v) * 100))),
    z.number().check(z.refine((cents) => cents > 0, amountMessage)),
  ),
});

/**
 * POST /office/transfers/{reference}/received { amount }: the registration office found a
 * transfer of `amount`; the order is Paid when what arrived covers it, else it stays Checking.
 */
export const handler = defineDelegateHandler(routes.confirmTransfer, { params: referenceSchema, body }, async ({ params, body, now, siteOrigin }) =>
  replyWith(await officeConfirmTransfer(orderDeps(siteOrigin), params.reference, body.amount, now)),
);
