/**
 * The portal's e-mails: HTML and plain text, the congress name, a working link, the support
 * address. Pure functions, so their wording is tested without sending anything.
 */
import { conference } from '../config/conference';
import { formatCstDeadline } from '../time';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Layout {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Labelled lists (e.g. an abstract's authors and files). */
  sections?: { heading: string; items: string[] }[];
  action?: { label: string; url: string };
  after?: string[];
}

export function layout(m: Layout) {
  const support = conference.contacts.support;
  const footer = `${conference.name}, ${conference.city}. Questions? Write to ${support}.`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(m.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1a202c">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px;background:#0b3d6e;color:#ffffff;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${escape(conference.name)}</td></tr>
<tr><td style="padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escape(m.heading)}</h1>
${m.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 16px">${escape(p)}</p>`).join('\n')}
${(m.sections ?? [])
  .map(
    (sec) =>
      `<h2 style="font-size:15px;margin:20px 0 8px">${escape(sec.heading)}</h2><ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${sec.items.map((i) => `<li>${escape(i)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
${m.action ? `<p style="margin:24px 0"><a href="${escape(m.action.url)}" style="background:#0b467c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(m.action.label)}</a></p>
<p style="line-height:1.5;font-size:13px;color:#4a5568">If the button does not work, copy this address into your browser:<br><a href="${escape(m.action.url)}">${escape(m.action.url)}</a></p>` : ''}
${(m.after ?? []).map((p) => `<p style="line-height:1.5;margin:0 0 16px;font-size:14px;color:#4a5568">${escape(p)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#718096;border-top:1px solid #e2e8f0">${escape(footer)}</td></tr>
</table></body></html>`;
  const text = [
    conference.name,
    '',
    m.heading,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    ...(m.sections ?? []).flatMap((sec) => [`${sec.heading}:`, ...sec.items.map((i) => `- ${i}`), '']),
    ...(m.action ? [`${m.action.label}: ${m.action.url}`, ''] : []),
    ...(m.after ?? []).flatMap((p) => [p, '']),
    '--',
    footer,
  ].join('\n');
  return { subject: m.subject, html, text };
}

export function activationMail(link: string, hours: number) {
  return layout({
    subject: `Activate your ${conference.shortName} account`,
    heading: 'Please activate your account',
    paragraphs: [
      `Thank you for creating an account for the ${conference.name} (${conference.city}).`,
      'To activate it, open the link below. Until then you cannot log in.',
    ],
    action: { label: 'Activate my account', url: link },
    after: [
      `The link works once and expires in ${hours} hours. If it has expired, ask for a new one on the login page.`,
      'If you did not create this account, ignore this e-mail: nothing happens without the link.',
    ],
  });
}

export function resetMail(link: string, minutes: number) {
  return layout({
    subject: `Reset your ${conference.shortName} password`,
    heading: 'Reset your password',
    paragraphs: ['Someone (hopefully you) asked to reset the password of your congress account.', 'To choose a new password, open the link below.'],
    action: { label: 'Choose a new password', url: link },
    after: [
      `The link works once and expires in ${minutes} minutes. After the reset, every device logged in to your account is logged out.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
  });
}

export interface AbstractSummary {
  title: string;
  category: string;
  authors: string[];
  presenters: string[];
  files: string[];
  link: string;
  deadline: string;
}

/** Sent to the submitter when an abstract is created or updated: what the committee will read. */
export function abstractMail(kind: 'created' | 'updated', a: AbstractSummary) {
  const deadline = formatCstDeadline(a.deadline);
  return layout({
    subject: kind === 'created' ? `Abstract received: ${a.title}` : `Abstract updated: ${a.title}`,
    heading: kind === 'created' ? 'We have received your abstract' : 'Your abstract has been updated',
    paragraphs: [
      kind === 'created'
        ? `Thank you for submitting an abstract to the ${conference.name}. This is what the scientific committee will review.`
        : `The changes to your abstract for the ${conference.name} are saved. This is what the scientific committee will review.`,
      `Title: ${a.title}`,
      `Category: ${a.category}`,
    ],
    sections: [
      { heading: 'Authors', items: a.authors },
      ...(a.presenters.length ? [{ heading: 'Presenters', items: a.presenters }] : []),
      { heading: 'Files', items: a.files.length ? a.files : ['No file attached.'] },
    ],
    action: { label: 'View or edit the abstract', url: a.link },
    after: [`You can change or withdraw the abstract until ${deadline}.`],
  });
}
