/**
 * The mails that tell a delegate a document of theirs is ready: a visa invitation letter issued
 * (or a new version of it), a certificate of attendance available. The texts are the organisers'
 * (texts.json "mails"), filled in as every document text is (texts.ts fillText: a placeholder a
 * text uses and this does not supply is an error), in the portal's mail layout. A link, never an
 * attachment: the PDF is rendered on its first download.
 */
import { conference } from '../config/conference';
import { layout } from '../mail/templates';
import type { StoredOrder } from '../orders/ports';
import { personName } from './names';
import { documentTexts, fillText } from './texts';

type MailText = (typeof documentTexts.mails)['visa_letter_issued'];

function documentMail(text: MailText, values: Record<string, string | number>, listUrl: string) {
  const fill = (t: string) => fillText(t, values);
  return layout({
    subject: fill(text.subject),
    heading: fill(text.heading),
    paragraphs: text.paragraphs.map(fill),
    sections: [{ heading: 'Registration', items: text.items.map(fill) }],
    action: { label: fill(text.action), url: listUrl },
  });
}

const ordersList = (siteOrigin: string) => `${siteOrigin}/registration/list`;

/** A visa letter was issued for the order: version 1, or a new version replacing the one before. */
export function visaLetterMail(order: Pick<StoredOrder, 'order_no' | 'full_name_as_on_passport'>, letter: { version: number }, siteOrigin: string) {
  const text = letter.version > 1 ? documentTexts.mails.visa_letter_replaced : documentTexts.mails.visa_letter_issued;
  return documentMail(text, { order_no: order.order_no, name: order.full_name_as_on_passport ?? '', version: letter.version }, ordersList(siteOrigin));
}

/** The order's certificate of attendance can be downloaded now. */
export function certificateReadyMail(order: StoredOrder, siteOrigin: string) {
  return documentMail(documentTexts.mails.certificate_available, { order_no: order.order_no, name: personName(order), congress: conference.name }, ordersList(siteOrigin));
}
