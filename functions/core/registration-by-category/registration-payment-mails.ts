/**
 * The mails about a registration by category's payments (the payments module decides when; this
 * says what). Apart from registration-payables.ts: only a request that moves money sends them,
 * so the functions load them on first use (wiring/orders.ts). In the registrant's language
 * (decision 0059); the office's copy of a failed refund in English.
 */
import { conference } from '../config/conference';
import { layout } from '../mail/templates';
import { formatMoney } from '../money';
import { formatInstant } from '../i18n/format';
import { pathIn, type Lang } from '../i18n/lang';
import { localise, mailTranslator } from '../i18n/mail-messages';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import type { Logger, Mail, Mailer } from '../accounts/ports';
import type { Payment, Refund } from '../payments/model';
import type { PaymentMail } from '../payments/ports';
import { moneyItems } from '../payments/mail-facts';
import { dinnerRows, feeRows } from './cost-detail';
import type { StoredRegistration } from './ports';
import { REGISTRATION_FEE, type RegistrationSubjectKind } from './registration-payables';

const usd = (cents: number) => formatMoney(cents, 'USD');
const what = (kind: string, r: StoredRegistration, lang: Lang) =>
  mailTranslator(lang)(kind === REGISTRATION_FEE ? 'mail.registration.whatFee' : 'mail.registration.whatDinners', { code: r.register_code });
const yesNo = (v: string, lang: Lang) => (v === 'Yes' ? mailTranslator(lang)('mail.registration.yes') : v === 'No' ? mailTranslator(lang)('mail.registration.no') : v);

export function registrationPaymentReceivedMail(r: StoredRegistration, kind: RegistrationSubjectKind, payment: Payment, at: Date, feePage: string, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const fee = kind === REGISTRATION_FEE;
  const rows = fee
    ? feeRows(r).map((row) => t('mail.registration.feeRow', { register: localise(lang, row.register), name: row.name, fee: usd(row.fee) }))
    : dinnerRows(r)
        .filter((row) => row.fee > 0)
        .map((row) => t('mail.registration.dinnerRow', { name: row.name, gala: yesNo(row.gala_dinner, lang), working: yesNo(row.working_lunch, lang), fee: usd(row.fee) }));
  return layout(
    {
      subject: fee ? t('mail.registration.received.subjectFee', { code: r.register_code }) : t('mail.registration.received.subjectDinners', { code: r.register_code }),
      heading: t('mail.order.received.heading'),
      paragraphs: [t('mail.registration.received.paid', { what: what(kind, r, lang), name: t('mail.congressName') })],
      sections: [
        { heading: t('mail.order.section.payment'), items: [...moneyItems(payment, lang), t('mail.order.date', { date: formatInstant(lang, payment.confirmed_at ?? at.toISOString()) })] },
        { heading: fee ? t('mail.registration.section.registration') : t('mail.registration.section.dinners'), items: rows },
      ],
      action: { label: t('mail.registration.action.detail'), url: feePage },
    },
    lang,
  );
}

function surplusMail(r: StoredRegistration, kind: RegistrationSubjectKind, payment: Payment, refund: Refund, lang: Lang) {
  const t = mailTranslator(lang);
  const why = payment.surplus === 'amount-mismatch' ? t('mail.registration.surplus.whyAmount') : t('mail.registration.surplus.whyPaid', { what: what(kind, r, lang) });
  const values = { amount: usd(payment.amount), why };
  return layout(
    {
      subject: t('mail.registration.surplus.subject', { code: r.register_code }),
      heading: t('mail.order.surplus.heading'),
      paragraphs: [
        refund.amount >= payment.amount ? t('mail.registration.surplus.whole', values) : t('mail.registration.surplus.part', { ...values, refund: usd(refund.amount) }),
      ],
      sections: [
        { heading: t('mail.order.section.payment'), items: moneyItems(payment, lang) },
        { heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) },
      ],
    },
    lang,
  );
}

function failedMail(r: StoredRegistration, kind: RegistrationSubjectKind, feePage: string, lang: Lang) {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.registration.failed.subject', { code: r.register_code }),
      heading: t('mail.order.failed.heading'),
      paragraphs: [t('mail.registration.failed.failed', { what: what(kind, r, lang) })],
      action: { label: t('mail.registration.action.payAgain'), url: feePage },
    },
    lang,
  );
}

function refundRequestedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund, payment: Payment, lang: Lang) {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.registration.cancelled.subject', { code: r.register_code }),
      heading: t('mail.registration.cancelled.heading'),
      paragraphs: [
        t('mail.registration.cancelled.refund', { code: r.register_code, name: t('mail.congressName'), amount: usd(refund.amount), paid: usd(payment.amount), what: what(kind, r, lang) }),
        t('mail.order.refundRequested.byCard'),
      ],
      sections: [{ heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) }],
    },
    lang,
  );
}

function refundCompletedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund, lang: Lang) {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.registration.refundDone.subject', { code: r.register_code }),
      heading: t('mail.order.refundDone.heading'),
      paragraphs: [t('mail.registration.refundDone.done', { amount: usd(refund.amount), what: what(kind, r, lang) })],
      sections: [{ heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) }],
    },
    lang,
  );
}

function refundFailedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const values = { amount: usd(refund.amount), what: what(kind, r, lang) };
  return layout(
    {
      subject: t('mail.registration.refundFailed.subject', { code: r.register_code }),
      heading: t('mail.order.refundFailed.heading'),
      paragraphs: [
        refund.failure_reason
          ? t('mail.registration.refundFailed.failedBecause', { ...values, reason: refund.failure_reason.replace(/_/g, ' ') })
          : t('mail.registration.refundFailed.failed', values),
        t('mail.order.refundFailed.office', { office: conference.contacts.registration }),
      ],
      sections: [{ heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) }],
    },
    lang,
  );
}

export function registrationPaymentMails(deps: { mailer: Mailer; log: Logger; siteOrigin: string; languages?: RecipientLanguages }, office: string) {
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
    const lang = await recipientLanguage(deps, r.owner_id);
    const feePage = `${deps.siteOrigin}${pathIn(lang, '/admin/fee')}`;
    switch (mail.kind) {
      case 'payment-received':
        return send(r.owner_email, registrationPaymentReceivedMail(r, kind, mail.payment, mail.at, feePage, lang), mail.kind);
      case 'surplus-refunded':
        return send(r.owner_email, surplusMail(r, kind, mail.payment, mail.refund!, lang), mail.kind);
      case 'payment-failed':
        return send(r.owner_email, failedMail(r, kind, feePage, lang), mail.kind);
      case 'refund-requested':
        return send(r.owner_email, refundRequestedMail(r, kind, mail.refund!, mail.payment, lang), mail.kind);
      case 'refund-completed':
        return send(r.owner_email, refundCompletedMail(r, kind, mail.refund!, lang), mail.kind);
      case 'refund-failed':
        await send(r.owner_email, refundFailedMail(r, kind, mail.refund!, lang), mail.kind);
        // The office acts on it: the money is the registration's again, to be refunded another way.
        return send(office, refundFailedMail(r, kind, mail.refund!), `${mail.kind} (office)`);
      default:
        // A transfer's partial arrival: registrations are paid by card only.
        deps.log.info('registration payment mail not worded', { kind: mail.kind });
    }
  };
}
