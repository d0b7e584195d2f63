/**
 * The order routes' path parameters and small bodies: apart from the order form (schemas.ts,
 * which re-exports them), whose schemas a function that does not take the form need not build at
 * its cold start.
 */
import * as z from 'zod/mini';
import { orderMessages } from './messages';
import { emptyToUndefined, read, toInt } from './wire';

/** Path parameters and the small bodies of the order routes. */
const idField = z.string({ message: orderMessages.idRequired }).check(z.minLength(1, orderMessages.idRequired), z.maxLength(64));
export const orderIdSchema = z.object({ id: idField });
/** /office/.../{reference}: the order's transfer reference (office routes). */
export const referenceSchema = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(40)) });
export const checksumSchema = z.object({ checksum: z.string().check(z.minLength(1), z.maxLength(64)) });
/**
 * POST /registration/submission/{id}?base_updated_at=...&base_status=...: the version and status
 * the form was opened on. A save over a newer version, or over an order paid meanwhile (another
 * tab), is refused instead of silently keeping only part of it.
 */
export const updateOrderQuerySchema = z.object({
  base_updated_at: z.optional(z.string().check(z.maxLength(40))),
  base_status: read(toInt, z.optional(z.number().check(z.refine(Number.isInteger), z.minimum(-2), z.maximum(2)))),
});
export const transferChoiceSchema = z.object({
  type: z.enum(['later', 'done'], { message: orderMessages.select }),
});
export const cancelOrderSchema = z.object({
  /** The refund the delegate was shown (US dollars as on the wire): if it has changed since, nothing happens. */
  expected_refund: read(emptyToUndefined, z.optional(z.string().check(z.regex(/^\d+\.\d{2}$/)))),
});
export const checkoutSchema = z.object({
  id: idField,
  /** Where the card provider's Cancel returns to: a page of this site only (anything else is ignored). */
  cancel_url: z.optional(z.string().check(z.maxLength(2000))),
});
export const confirmCheckoutSchema = z.object({ session_id: z.string().check(z.minLength(1), z.maxLength(255)) });
