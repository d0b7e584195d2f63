/**
 * What a cancelled order gets back (spec section 9): before 1 October 2024 the total less a fee of
 * $50; before 15 October 50%; from 15 October nothing. "Before" is strictly before 00:00 China
 * Standard Time of that day: 30 September 23:59:59.999 CST is still in the first tier.
 */
import { registration2024 } from '../config/conference';
import { isBefore } from '../time';

/**
 * The policy as delegates read it, line by line (pages, the wizard, the cancel dialog, PDFs):
 * each tier, then no refund, then how refunds are paid.
 */
export function refundPolicyLines(policy: Pick<typeof registration2024, 'refundPolicy' | 'noRefundText' | 'refundNotes'> = registration2024): string[] {
  return [...policy.refundPolicy.map((tier) => tier.text), policy.noRefundText, ...policy.refundNotes];
}

export interface RefundQuote {
  /** What goes back to the delegate, in cents (never negative). */
  refund: number;
  /** What the congress keeps. */
  fee: number;
  /** The rule that applies, in the spec's words. */
  rule: string;
  /** When this quote stops being valid (the next tier starts), or null for the last tier. */
  validUntil: string | null;
}

export function refundQuote(total: number, at: Date): RefundQuote {
  const tier = registration2024.refundPolicy.find((t) => isBefore(at, t.before));
  if (!tier) return { refund: 0, fee: total, rule: registration2024.noRefundText, validUntil: null };
  const fee = tier.fee.kind === 'fixed' ? Math.min(total, tier.fee.amount) : Math.round((total * tier.fee.percent) / 100);
  return { refund: total - fee, fee, rule: tier.text, validUntil: tier.before };
}
