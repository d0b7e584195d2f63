/**
 * The mail asking a delegate to correct the passport data of a visa letter (core/orders/visa-review.ts),
 * in its own module: the mails' texts stay out of the functions that only read an order's visa state.
 */
import { layout } from '../mail/templates';
import { pathIn, type Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import type { StoredOrder } from './ports';

/** The mail asking the delegate to correct the passport data, with the office's words and the link to the form. */
export function visaCorrectionMail(order: StoredOrder, message: string, siteOrigin: string, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.visa.correct.subject', { orderNo: order.order_no }),
      heading: t('mail.visa.correct.heading'),
      paragraphs: [t('mail.visa.correct.checked'), message, t('mail.visa.correct.then')],
      sections: [
        {
          heading: t('mail.registration.section.registration'),
          items: [t('mail.visa.correct.order', { orderNo: order.order_no }), t('mail.visa.correct.name', { name: String(order.full_name_as_on_passport) })],
        },
      ],
      action: { label: t('mail.visa.correct.action'), url: `${siteOrigin}${pathIn(lang, `/registration/visa/${encodeURIComponent(order.id)}`)}` },
    },
    lang,
  );
}
