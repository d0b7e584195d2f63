/**
 * The mails about a registration by category's payments (the payments module decides when; this
 * says what). Apart from registration-payables.ts: only a request that moves money sends them,
 * so the functions load them on first use (wiring/orders.ts).
 */
import { conference } from '../config/conference';
import { layout } from '../mail/templates';
import { formatMoney } from '../money';
import { formatCstInstant } from '../time';
import type { Logger, Mail, Mailer } from '../accounts/ports';
import type { Payment, Refund } from '../payments/model';
import type { PaymentMail } from '../payments/ports';
import { moneyItems } from '../payments/mail-facts';
import { dinnerRows, feeRows } from './cost-detail';
import type { StoredRegistration } from './ports';
import { REGISTRATION_FEE, type RegistrationSubjectKind } from './registration-payables';

const usd = (cents: number) => formatMoney(cents, 'USD');
const what = (kind: string, r: StoredRegistration) => (kind === REGISTRATION_FEE ? `the registration fee of registration ${r.register_code}` : `the dinners of registration ${r.register_code}`);

export function registrationPaymentReceivedMail(r: StoredRegistration, kind: RegistrationSubjectKind, payment: Payment, at: Date, feePage: string) {
  const fee = kind === REGISTRATION_FEE;
  const rows = fee ? feeRows(r).map((row) => `${row.register}: ${row.name}, ${usd(row.fee)}`) : dinnerRows(r).filter((row) => row.fee > 0).map((row) => `${row.name}: gala dinner ${row.gala_dinner}, working dinner ${row.working_lunch}, ${usd(row.fee)}`);
  return layout({
    subject: fee ? `Payment received: registration fee ${r.register_code}` : `Payment received: dinners of registration ${r.register_code}`,
    heading: 'We have received your payment',
    paragraphs: [`Thank you: ${what(kind, r)} for the ${conference.name} is paid.`],
    sections: [
      { heading: 'Payment', items: [...moneyItems(payment), `Date: ${formatCstInstant(payment.confirmed_at ?? at.toISOString())}`] },
      { heading: fee ? 'Registration' : 'Dinners', items: rows },
    ],
    action: { label: 'See your payment detail', url: feePage },
  });
}

function surplusMail(r: StoredRegistration, kind: RegistrationSubjectKind, payment: Payment, refund: Refund) {
  const why =
    payment.surplus === 'amount-mismatch'
      ? 'the amount received did not match what is due now (the choices changed meanwhile)'
      : `${what(kind, r)} had already been paid or could not be paid in its current state`;
  return layout({
    subject: `Payment refunded: registration ${r.register_code}`,
    heading: 'We are refunding a payment in full',
    paragraphs: [`We received ${usd(payment.amount)} by card, but ${why}. We are refunding ${refund.amount >= payment.amount ? 'it in full' : usd(refund.amount)} to the card; nothing else changes.`],
    sections: [
      { heading: 'Payment', items: moneyItems(payment) },
      { heading: 'Refund', items: moneyItems(refund) },
    ],
  });
}

function failedMail(r: StoredRegistration, kind: RegistrationSubjectKind, feePage: string) {
  return layout({
    subject: `Payment not completed: registration ${r.register_code}`,
    heading: 'Your payment did not go through',
    paragraphs: [`The card payment for ${what(kind, r)} failed. Nothing was charged; you can try again.`],
    action: { label: 'Pay again', url: feePage },
  });
}

function refundRequestedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund, payment: Payment) {
  return layout({
    subject: `Cancellation of registration ${r.register_code}`,
    heading: 'Your registration is cancelled; the refund is on its way',
    paragraphs: [
      `Registration ${r.register_code} for the ${conference.name} is cancelled. We refund ${usd(refund.amount)} of ${usd(payment.amount)} paid for ${what(kind, r)} to the card it was paid with.`,
      'A card refund usually appears on the statement within 5-10 days.',
    ],
    sections: [{ heading: 'Refund', items: moneyItems(refund) }],
  });
}

function refundCompletedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund) {
  return layout({
    subject: `Refund completed: registration ${r.register_code}`,
    heading: 'Your refund has been made',
    paragraphs: [`We have refunded ${usd(refund.amount)} for ${what(kind, r)} to the card it was paid with.`],
    sections: [{ heading: 'Refund', items: moneyItems(refund) }],
  });
}

function refundFailedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund) {
  return layout({
    subject: `Refund not completed: registration ${r.register_code}`,
    heading: 'We could not complete your refund',
    paragraphs: [
      `The refund of ${usd(refund.amount)} for ${what(kind, r)} to your card did not go through${refund.failure_reason ? ` (${refund.failure_reason.replace(/_/g, ' ')})` : ''}. Your registration stays cancelled.`,
      `The registration office has been told and will contact you to refund you another way. You can also write to ${conference.contacts.registration}.`,
    ],
    sections: [{ heading: 'Refund', items: moneyItems(refund) }],
  });
}

export function registrationPaymentMails(deps: { mailer: Mailer; log: Logger; siteOrigin: string }, office: string) {
  const feePage = `${deps.siteOrigin}/admin/fee`;
  const send = async (to: string, mail: Omit<Mail, 'to' | 'importance'>, kind: string) => {
    try {
      await deps.mailer.send({ to, ...mail, importance: 'notification' });
    } catch (error) {
      deps.log.error('registration payment mail not sent', { kind, error: (error as Error).message });
    }
  };
  return async (mail: PaymentMail) => {
    const r = mail.payable.record as StoredRegistration;
    const kind = mail.payable.subject.kind as RegistrationSubjectKind;
    switch (mail.kind) {
      case 'payment-received':
        return send(r.owner_email, registrationPaymentReceivedMail(r, kind, mail.payment, mail.at, feePage), mail.kind);
      case 'surplus-refunded':
        return send(r.owner_email, surplusMail(r, kind, mail.payment, mail.refund!), mail.kind);
      case 'payment-failed':
        return send(r.owner_email, failedMail(r, kind, feePage), mail.kind);
      case 'refund-requested':
        return send(r.owner_email, refundRequestedMail(r, kind, mail.refund!, mail.payment), mail.kind);
      case 'refund-completed':
        return send(r.owner_email, refundCompletedMail(r, kind, mail.refund!), mail.kind);
      case 'refund-failed':
        await send(r.owner_email, refundFailedMail(r, kind, mail.refund!), mail.kind);
        // The office acts on it: the money is the registration's again, to be refunded another way.
        return send(office, refundFailedMail(r, kind, mail.refund!), `${mail.kind} (office)`);
      default:
        // A transfer's partial arrival: registrations are paid by card only.
        deps.log.info('registration payment mail not worded', { kind: mail.kind });
    }
  };
}
