/**
 * One PayableModule over every kind of subject: each call goes to the module that owns the
 * subject's kind, so the one webhook, reconciliation and refund path serve orders and the
 * registration by category's fee and dinners alike. Mails likewise: each module words its own.
 */
import type { SubjectKind } from './model';
import type { PayableModule, PaymentMail } from './ports';

export function payablesByKind(modules: Record<SubjectKind, PayableModule>): PayableModule {
  const of = (kind: SubjectKind) => modules[kind];
  return {
    load: (subject) => of(subject.kind).load(subject),
    paid: (p, payment, at) => of(p.subject.kind).paid(p, payment, at),
    refunding: (p, refund, at) => of(p.subject.kind).refunding(p, refund, at),
    refunded: (p, refund, at) => of(p.subject.kind).refunded(p, refund, at),
    refundFailed: (p, refund, at) => of(p.subject.kind).refundFailed(p, refund, at),
    holds: (p, at) => of(p.subject.kind).holds(p, at),
  };
}

export function mailsByKind(senders: Record<SubjectKind, (mail: PaymentMail) => Promise<void>>) {
  return (mail: PaymentMail) => senders[mail.payable.subject.kind](mail);
}
