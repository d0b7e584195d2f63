/** The e-mails of the review of a registration by category: approved (the delegate may pay), or not approved with the office's reason. */
import { layout } from '../mail/templates';
import { categoryName } from './fees';
import { rejectedText, type StoredRegistration } from './ports';
import { REGISTRATION_TYPE } from './fees';

export function reviewDecisionMail(r: StoredRegistration, decision: 'approve' | 'reject', siteOrigin: string) {
  const registration = [`Registration number: ${r.register_code}`, `Registration type: ${categoryName(r.regiatration_type)}`];
  if (decision === 'approve') {
    return layout({
      subject: `Registration ${r.register_code}: approved`,
      heading: 'Your registration is approved',
      paragraphs: ['The registration office has checked the information you gave and approved your registration. You can now pay the registration fee.'],
      sections: [{ heading: 'Registration', items: registration }],
      action: { label: 'Payment detail', url: `${siteOrigin}/admin/fee` },
    });
  }
  // A society member's proof is the member number: the mail says that is what was not approved.
  const member = r.regiatration_type === REGISTRATION_TYPE.member;
  return layout({
    subject: member ? `Registration ${r.register_code}: please enter your OESO member number again` : `Registration ${r.register_code}: please upload your documents again`,
    heading: member ? 'Your OESO member number is not approved' : 'Your supporting documents are not approved',
    paragraphs: [rejectedText(r.regiatration_type), `Reason given by the registration office: ${r.review_reason ?? ''}`],
    sections: [{ heading: 'Registration', items: member ? [...registration, `Member number given: ${r.oeso_member ?? ''}`] : registration }],
    action: { label: member ? 'Enter the member number again' : 'Upload again', url: `${siteOrigin}/common/reload` },
  });
}
