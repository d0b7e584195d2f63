/** The e-mails of the review of a registration by category: approved (the delegate may pay), or not approved with the office's reason. */
import { layout } from '../mail/templates';
import { categoryName } from './fees';
import type { StoredRegistration } from './ports';

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
  return layout({
    subject: `Registration ${r.register_code}: please upload your documents again`,
    heading: 'Your supporting documents are not approved',
    paragraphs: ['The supporting documents you uploaded are not approved, please re-upload.', `Reason given by the registration office: ${r.review_reason ?? ''}`],
    sections: [{ heading: 'Registration', items: registration }],
    action: { label: 'Upload again', url: `${siteOrigin}/common/reload` },
  });
}
