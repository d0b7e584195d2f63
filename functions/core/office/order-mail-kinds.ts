/** The mails of an order the office can send again, their names and the messages about it (no imports: the schemas read it). */
export const orderMailKinds = ['order-placed', 'transfer-noted', 'payment-incomplete', 'payment-received', 'refund-requested', 'refund-completed', 'cancelled'] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];

export const orderMailLabels: Record<OrderMailKind, string> = {
  'order-placed': 'Order saved, with how to pay',
  'transfer-noted': 'Bank transfer noted',
  'payment-incomplete': 'Part of the transfer arrived: what is missing',
  'payment-received': 'Payment received',
  'refund-requested': 'Order cancelled, refund on its way',
  'refund-completed': 'Refund completed',
  cancelled: 'Order cancelled without a refund',
};

/** Seconds before the same mail of an order can be sent again. */
export const RESEND_COOLDOWN_SECONDS = 60;

export const resendMessages = {
  kind: 'Please choose which mail to send again.',
  notApplicable: 'This mail does not belong to the order in its current state. Please reload the page.',
  tooSoon: 'This mail was sent again a moment ago. Please wait a minute before sending it once more.',
  sent: (label: string, to: string) => `"${label}" has been sent again to ${to}.`,
  notSent: (label: string, to: string) => `"${label}" was not sent: mail to ${to} is withheld (it bounced or was marked as spam) or the mail service failed. See the delegate's page.`,
};
