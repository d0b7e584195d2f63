/**
 * The portal's e-mails: HTML and plain text, the congress name, a working link, the support
 * address. Pure functions, so their wording is tested without sending anything.
 */
import { conference } from '../config/conference';
import { formatDeadline } from '../i18n/format';
import type { Lang } from '../i18n/lang';
import { localise, mailTranslator } from '../i18n/mail-messages';

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

/** A mail in `lang` (the recipient's): its frame's words come from the catalogs too. */
export function layout(m: Layout, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const support = conference.contacts.support;
  const name = t('mail.congressName');
  const footer = t('mail.footer', { name, city: t('mail.city'), support });
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escape(m.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1a202c">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px;background:#0b3d6e;color:#ffffff;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold">${escape(name)}</td></tr>
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
<p style="line-height:1.5;font-size:13px;color:#4a5568">${escape(t('mail.copyLink'))}<br><a href="${escape(m.action.url)}">${escape(m.action.url)}</a></p>` : ''}
${(m.after ?? []).map((p) => `<p style="line-height:1.5;margin:0 0 16px;font-size:14px;color:#4a5568">${escape(p)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#718096;border-top:1px solid #e2e8f0">${escape(footer)}</td></tr>
</table></body></html>`;
  const text = [
    name,
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

export function activationMail(link: string, hours: number, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const names = { shortName: conference.shortName, name: t('mail.congressName'), city: t('mail.city') };
  return layout(
    {
      subject: t('mail.activation.subject', names),
      heading: t('mail.activation.heading'),
      paragraphs: [t('mail.activation.thanks', names), t('mail.activation.open')],
      action: { label: t('mail.activation.action'), url: link },
      after: [t('mail.activation.expiry', { hours }), t('mail.activation.notYou')],
    },
    lang,
  );
}

export function resetMail(link: string, minutes: number, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.reset.subject', { shortName: conference.shortName }),
      heading: t('mail.reset.heading'),
      paragraphs: [t('mail.reset.asked'), t('mail.reset.open')],
      action: { label: t('mail.reset.action'), url: link },
      after: [t('mail.reset.expiry', { minutes }), t('mail.reset.notYou')],
    },
    lang,
  );
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

/** Sent to the submitter when an abstract is created or updated: what the committee will read (in the submitter's language; `link` already in it). */
export function abstractMail(kind: 'created' | 'updated', a: AbstractSummary, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const name = t('mail.congressName');
  return layout(
    {
      subject: kind === 'created' ? t('mail.abstract.receivedSubject', { title: a.title }) : t('mail.abstract.updatedSubject', { title: a.title }),
      heading: kind === 'created' ? t('mail.abstract.receivedHeading') : t('mail.abstract.updatedHeading'),
      paragraphs: [
        kind === 'created' ? t('mail.abstract.thanks', { name }) : t('mail.abstract.saved', { name }),
        t('mail.abstract.title', { title: a.title }),
        t('mail.abstract.category', { category: localise(lang, a.category) }),
      ],
      sections: [
        { heading: t('mail.abstract.authors'), items: a.authors },
        ...(a.presenters.length ? [{ heading: t('mail.abstract.presenters'), items: a.presenters }] : []),
        { heading: t('mail.abstract.files'), items: a.files.length ? a.files : [t('mail.abstract.noFile')] },
      ],
      action: { label: t('mail.abstract.action'), url: a.link },
      after: [t('mail.abstract.until', { deadline: formatDeadline(lang, a.deadline) })],
    },
    lang,
  );
}
