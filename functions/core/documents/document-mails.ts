/**
 * The mails that tell a delegate a document of theirs is ready: a visa invitation letter issued
 * (or a new version of it), a certificate of attendance available. The texts are the organisers'
 * (texts.json "mails", and "mails_zh" for a delegate who reads Chinese: decision 0059; a mail
 * missing there goes in English), filled in as every document text is (texts.ts fillText: a
 * placeholder a text uses and this does not supply is an error), in the portal's mail layout. A
 * link, never an attachment: the PDF is rendered on its first download.
 */
import { layout } from '../mail/templates';
import { pathIn, type Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import type { StoredOrder } from '../orders/ports';
import { personName } from './names';
import { documentTexts, fillText } from './texts';

type MailKind = Exclude<keyof typeof documentTexts.mails, '$comment'>;
type MailText = (typeof documentTexts.mails)['visa_letter_issued'];

/** The organisers' text of a mail in `lang`, and the language it is really in (Chinese missing: English). */
function textOf(kind: MailKind, lang: Lang): { text: MailText; lang: Lang } {
  const zh = (documentTexts as { mails_zh?: Partial<Record<MailKind, MailText>> }).mails_zh?.[kind];
  return lang === 'zh-Hans' && zh ? { text: zh, lang } : { text: documentTexts.mails[kind], lang: 'en' };
}

function documentMail(kind: MailKind, wanted: Lang, values: Record<string, string | number>, siteOrigin: string) {
  const { text, lang } = textOf(kind, wanted);
  const fill = (t: string) => fillText(t, { ...values, ...(values.congress !== undefined ? { congress: mailTranslator(lang)('mail.congressName') } : {}) });
  return layout(
    {
      subject: fill(text.subject),
      heading: fill(text.heading),
      paragraphs: text.paragraphs.map(fill),
      sections: [{ heading: mailTranslator(lang)('mail.registration.section.registration'), items: text.items.map(fill) }],
      action: { label: fill(text.action), url: `${siteOrigin}${pathIn(lang, '/registration/list')}` },
    },
    lang,
  );
}

/** A visa letter was issued for the order: version 1, or a new version replacing the one before. */
export function visaLetterMail(order: Pick<StoredOrder, 'order_no' | 'full_name_as_on_passport'>, letter: { version: number }, siteOrigin: string, lang: Lang = 'en') {
  const kind = letter.version > 1 ? 'visa_letter_replaced' : 'visa_letter_issued';
  return documentMail(kind, lang, { order_no: order.order_no, name: order.full_name_as_on_passport ?? '', version: letter.version }, siteOrigin);
}

/** The order's certificate of attendance can be downloaded now. */
export function certificateReadyMail(order: StoredOrder, siteOrigin: string, lang: Lang = 'en') {
  return documentMail('certificate_available', lang, { order_no: order.order_no, name: personName(order), congress: '' }, siteOrigin);
}
