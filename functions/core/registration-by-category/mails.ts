/**
 * The e-mails of the review of a registration by category: approved (the delegate may pay), or
 * not approved with the office's reason. In the registrant's language (decision 0059).
 */
import { layout } from '../mail/templates';
import { pathIn, type Lang } from '../i18n/lang';
import { localise, mailTranslator } from '../i18n/mail-messages';
import { categoryName } from './fees';
import { rejectedText, type StoredRegistration } from './ports';
import { REGISTRATION_TYPE } from './fees';

export function reviewDecisionMail(r: StoredRegistration, decision: 'approve' | 'reject', siteOrigin: string, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const code = r.register_code;
  const registration = [t('mail.registration.review.number', { code }), t('mail.registration.review.type', { type: localise(lang, categoryName(r.regiatration_type)) })];
  if (decision === 'approve') {
    return layout(
      {
        subject: t('mail.registration.review.approvedSubject', { code }),
        heading: t('mail.registration.review.approvedHeading'),
        paragraphs: [t('mail.registration.review.approved')],
        sections: [{ heading: t('mail.registration.section.registration'), items: registration }],
        action: { label: t('mail.registration.review.paymentDetail'), url: `${siteOrigin}${pathIn(lang, '/admin/fee')}` },
      },
      lang,
    );
  }
  // A society member's proof is the member number: the mail says that is what was not approved.
  const member = r.regiatration_type === REGISTRATION_TYPE.member;
  return layout(
    {
      subject: member ? t('mail.registration.review.memberSubject', { code }) : t('mail.registration.review.documentsSubject', { code }),
      heading: member ? t('mail.registration.review.memberHeading') : t('mail.registration.review.documentsHeading'),
      paragraphs: [localise(lang, rejectedText(r.regiatration_type)), t('mail.registration.review.reason', { reason: r.review_reason ?? '' })],
      sections: [
        {
          heading: t('mail.registration.section.registration'),
          items: member ? [...registration, t('mail.registration.review.memberGiven', { number: r.oeso_member ?? '' })] : registration,
        },
      ],
      action: { label: member ? t('mail.registration.review.memberAgain') : t('mail.registration.review.uploadAgain'), url: `${siteOrigin}${pathIn(lang, '/common/reload')}` },
    },
    lang,
  );
}
