/**
 * Mail to delegates from the registration office: recipients chosen by a filter, a subject and a
 * text with placeholders, a preview for one recipient, then a job (core/office/jobs.ts) that
 * sends one batch of recipients per queue message at the configured rate and records, for each
 * recipient, whether the mail was sent, withheld (the address bounced), skipped (the delegate
 * opted out of announcements) or failed.
 *
 * Two purposes: an announcement (news of the congress) carries an unsubscribe link and the
 * List-Unsubscribe headers, and is not sent to a delegate who opted out; a mail about the
 * delegate's own order is always sent (only the filters that choose orders may send one).
 *
 * Two languages (issue 32, decision 0059): the organiser writes the subject and text in English,
 * in Chinese, or both. Each recipient gets the version in their language (the account's, read
 * when the recipients are found), or the other one when only one is written; the whole mail, its
 * frame and notes included, is in the language of the version sent.
 */
import * as z from 'zod/mini';
import { conference } from '../config/conference';
import { layout } from '../mail/templates';
import { pathIn, type Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import { text } from '../i18n/messages';
import { formatWireUsd, wireAmount } from '../money';
import { orderNumber, transferReference } from '../orders/reference';
import type { StoredOrder } from '../orders/ports';
import { ORDER_STATUS } from '../orders/states';

export const mailFilters = ['paid', 'visa', 'hotel', 'presenters', 'order'] as const;
export type MailFilter = (typeof mailFilters)[number];
export const mailFilterLabels: Record<MailFilter, string> = {
  paid: 'All paid orders',
  visa: 'Orders that need a visa letter',
  hotel: 'Orders that need a hotel room',
  presenters: 'All presenters (delegates who submitted an abstract)',
  order: 'One order',
};

export const mailPurposes = ['announcement', 'order'] as const;
export type MailPurpose = (typeof mailPurposes)[number];
export const mailPurposeLabels: Record<MailPurpose, string> = {
  announcement: 'Announcement (delegates who opted out do not get it; it has an unsubscribe link)',
  order: "About the delegate's own order (always sent)",
};

export const placeholders = ['first_name', 'order_no', 'amount'] as const;

/** Recipients per queue message: a batch is sent by one worker run well within its timeout. */
export const MAIL_BATCH_SIZE = 25;
/**
 * Mails per second the office's jobs may send together (below the account's SES sending rate,
 * which transactional mail shares); each of the `MAIL_WORKERS` concurrent workers sends at its
 * share (infra/cdk: the event source mapping's maximum concurrency).
 */
export const MAIL_RATE_PER_SECOND = 10;
export const MAIL_WORKERS = 2;
export const mailPauseMs = () => Math.ceil((1000 * MAIL_WORKERS) / MAIL_RATE_PER_SECOND);

export const mailMessages = {
  orderNo: 'Please enter the order number, e.g. R24-000123.',
  orderNotFound: 'No order has this number.',
  subject: 'Please enter a subject (at most 200 characters).',
  text: 'Please write the text of the mail (at most 10,000 characters).',
  subjectZh: 'Please enter the Chinese subject (at most 200 characters).',
  textZh: 'Please write the Chinese text of the mail (at most 10,000 characters).',
  filter: 'Please choose who gets the mail.',
  purpose: 'Please choose what the mail is about.',
  purposeNeedsOrders: 'A mail about the delegate\'s order can go only to recipients chosen by their orders: choose "Announcement" for presenters.',
  unknownPlaceholder: (name: string) => `{${name}} is not a placeholder: use {first_name}, {order_no} or {amount}.`,
  previewFor: 'Please enter the order number or the e-mail address of one recipient to preview for.',
  previewNobody: 'No order or account has this number or address.',
  previewNotRecipient: 'This order or account would not get this mail (the filter does not choose it): preview for one that would.',
  queued: 'Finding the recipients: the mail is sent only when you confirm how many get it.',
  notFound: 'This mail job was not found.',
  gaveUp: 'Not sent: the mail worker failed on this batch several times (the operations team was alerted).',
  accountDeleted: 'Not sent: the delegate deleted their account before the mail went out.',
  unsubscribed: 'You will no longer receive announcements from the congress. Mails about your own registration and payments still reach you.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. You can change which mails you receive in your account.',
  preferencesSaved: 'Your mail preferences are saved.',
} as const;

const ORDER_NO = /^R24-\d{6}$/;
/** The first placeholder a subject or text names that is not one. */
const unknownPlaceholder = (value: string) => [...value.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).find((name) => !(placeholders as readonly string[]).includes(name));
/** A subject or text: at most `max` characters, known placeholders only (whether it is required: mailChecks). */
const withPlaceholders = (max: number, message: string) =>
  z._default(
    z.string({ message }).check(
      z.maxLength(max, message),
      z.superRefine((v, ctx) => {
        const name = unknownPlaceholder(v);
        // The words for the form's own check; the text for the API's answer in the reader's language.
        if (name !== undefined) ctx.addIssue({ code: 'custom', message: mailMessages.unknownPlaceholder(name), params: { text: text('api.office.mail.unknownPlaceholder', { name }) }, input: v });
      }),
    ),
    '',
  );
const filled = (v: string | undefined) => (v ?? '').trim().length > 0;

const mailShape = {
  filter: z.enum(mailFilters, { message: mailMessages.filter }),
  /** For the filter `order`: its number. */
  order_no: z.optional(z.string().check(z.maxLength(20, mailMessages.orderNo))),
  purpose: z.enum(mailPurposes, { message: mailMessages.purpose }),
  /** The English version (empty: only the Chinese one is written). */
  subject: withPlaceholders(200, mailMessages.subject),
  text: withPlaceholders(10_000, mailMessages.text),
  /** The Chinese version (optional: absent, every recipient gets the English one). */
  subject_zh: z.optional(withPlaceholders(200, mailMessages.subjectZh)),
  text_zh: z.optional(withPlaceholders(10_000, mailMessages.textZh)),
};
type MailShape = { filter: MailFilter; order_no?: string; purpose: MailPurpose; subject?: string; text?: string; subject_zh?: string; text_zh?: string };
const mailChecks = z.superRefine((v: MailShape, ctx) => {
  // A version is its subject and its text: one of them alone is a mistake. With no Chinese, the English is required (as always).
  const english = filled(v.subject) || filled(v.text);
  const chinese = filled(v.subject_zh) || filled(v.text_zh);
  if (english || !chinese) {
    if (!filled(v.subject)) ctx.addIssue({ code: 'custom', path: ['subject'], message: mailMessages.subject, input: v });
    if (!filled(v.text)) ctx.addIssue({ code: 'custom', path: ['text'], message: mailMessages.text, input: v });
  }
  if (chinese) {
    if (!filled(v.subject_zh)) ctx.addIssue({ code: 'custom', path: ['subject_zh'], message: mailMessages.subjectZh, input: v });
    if (!filled(v.text_zh)) ctx.addIssue({ code: 'custom', path: ['text_zh'], message: mailMessages.textZh, input: v });
  }
  if (v.filter === 'order' && !ORDER_NO.test((v.order_no ?? '').trim().toUpperCase())) ctx.addIssue({ code: 'custom', path: ['order_no'], message: mailMessages.orderNo, input: v });
  if (v.purpose === 'order' && v.filter === 'presenters') ctx.addIssue({ code: 'custom', path: ['purpose'], message: mailMessages.purposeNeedsOrders, input: v });
});

/** What the office writes (one schema for the API and the form). */
export const mailJobSchema = z.object(mailShape).check(mailChecks);
export type MailSpec = z.infer<typeof mailJobSchema>;
export const mailPreviewSchema = z
  .object({
    ...mailShape,
    preview_for: z.string({ message: mailMessages.previewFor }).check(
      z.refine((v) => v.trim().length > 0, mailMessages.previewFor),
      z.maxLength(254, mailMessages.previewFor),
    ),
  })
  .check(mailChecks);

/** The account centre's choice (one schema for the API and the form). */
export const mailPreferencesSchema = z.object({ announcements: z.boolean({ message: 'Please say whether you want announcements (true or false).' }) });

/** One recipient, with the values of the placeholders. */
export interface Recipient {
  email: string;
  user_id: string;
  first_name: string;
  order_no: string;
  /** "650.00" (US dollars) or '' when the mail is not about an order. */
  amount: string;
  /** A publication's mail: the abstract it is about (core/review/publishing.ts). */
  abstract_id?: string;
  /** The recipient's language, when the mail is written in both (read when the recipients are found). */
  language?: Lang;
}

export type RecipientState = 'pending' | 'sent' | 'withheld' | 'opted_out' | 'failed';
export interface RecipientResult extends Recipient {
  state: RecipientState;
  error?: string;
  /** The account was deleted since: its address and name were emptied (core/accounts/account-copies.ts). */
  account_deleted?: boolean;
}

const live = (o: StoredOrder) => o.payment_status !== ORDER_STATUS.cancelled && o.payment_status !== ORDER_STATUS.refunding;

/** Whether `filter` chooses the order. An order kept after its account was deleted has nobody to write to. */
export function orderMatches(filter: MailFilter, order: StoredOrder, orderNo?: string): boolean {
  if (order.anonymised_at) return false;
  switch (filter) {
    case 'paid':
      return order.payment_status === ORDER_STATUS.paid;
    case 'visa':
      return live(order) && order.visa_required === 1;
    case 'hotel':
      return live(order) && order.hotel_book_required === 1;
    case 'order':
      return order.order_no === normaliseOrderNo(orderNo ?? '');
    case 'presenters':
      return false;
  }
}

export const normaliseOrderNo = (text: string) => text.trim().toUpperCase();
/** The transfer reference of an order number (the office finds an order by it, through its index). */
export function referenceOfOrderNo(text: string): string | undefined {
  const no = normaliseOrderNo(text);
  return ORDER_NO.test(no) ? transferReference(Number(no.slice(4))) : undefined;
}
export { orderNumber };

export const recipientOfOrder = (order: StoredOrder): Recipient => ({
  email: order.owner_email,
  user_id: order.owner_id,
  first_name: order.first_name,
  order_no: order.order_no,
  amount: wireAmount(order.amount_required),
});

/**
 * The recipients of a mail: one per address (a delegate with two chosen orders gets one mail,
 * about the older order), in order of their orders (or accounts).
 */
export function selectRecipients(spec: Pick<MailSpec, 'filter' | 'order_no'>, data: { orders: StoredOrder[]; presenters: Recipient[] }): Recipient[] {
  const chosen =
    spec.filter === 'presenters'
      ? data.presenters
      : [...data.orders].sort((a, b) => a.sequence - b.sequence).filter((o) => orderMatches(spec.filter, o, spec.order_no)).map(recipientOfOrder);
  const seen = new Set<string>();
  return chosen.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const PLACEHOLDERS = /\{(first_name|order_no|amount)\}/g;
// Amounts as everywhere else (US$1,040.00): the one money formatter.
const fill = (template: string, r: Recipient) =>
  template.replace(PLACEHOLDERS, (_, name: 'first_name' | 'order_no' | 'amount') => (name === 'amount' ? (r.amount ? formatWireUsd(r.amount) : '') : r[name]));

/** Whether a subject or text has placeholders (it is a template: each recipient gets their own values). */
export const isTemplate = (text: string) => new RegExp(PLACEHOLDERS.source).test(text);

type Versions = Pick<MailSpec, 'subject'> & Partial<Pick<MailSpec, 'text' | 'subject_zh' | 'text_zh'>>;

/** Whether the mail is written in both languages (then each recipient's language decides). */
export const inBothLanguages = (spec: Versions) => filled(spec.subject) && filled(spec.subject_zh);

/**
 * The version a reader of `lang` gets: theirs when it is written, else the other one (a mail
 * written in one language reaches everybody in it).
 */
export function versionFor(spec: Versions, lang: Lang = 'en'): { lang: Lang; subject: string; text: string } {
  const en = { lang: 'en' as Lang, subject: spec.subject ?? '', text: spec.text ?? '' };
  const zh = { lang: 'zh-Hans' as Lang, subject: spec.subject_zh ?? '', text: spec.text_zh ?? '' };
  if (lang === 'zh-Hans') return filled(zh.subject) ? zh : en;
  return filled(en.subject) ? en : zh;
}

const oneLine = (subject: string, r: Recipient) => fill(subject, r).replace(/[\r\n]+/g, ' ').trim();

/** The subject one recipient got, as sent (in their version). */
export const sentSubject = (spec: Versions, r: Recipient) => oneLine(versionFor(spec, r.language).subject, r);

/** How a job's label says its subject is a template (the office's page says it in its language: `office.mail.subjectTemplate`). */
export const subjectTemplatePrefix = 'Subject template: ';

/** A mail job as the office's list names it: its subject (the English one, else the Chinese), or the template clearly labelled as one. */
export const mailJobLabel = (spec: Versions) => {
  const subject = versionFor(spec).subject;
  return isTemplate(subject) ? `${subjectTemplatePrefix}${subject}` : subject;
};

/** The mail one recipient gets: their version, placeholders filled, the office's text as paragraphs, and for an announcement the unsubscribe link. */
export function renderMail(spec: Versions & Pick<MailSpec, 'purpose'>, r: Recipient, unsubscribeUrl?: string) {
  const version = versionFor(spec, r.language);
  const t = mailTranslator(version.lang);
  const subject = oneLine(version.subject, r);
  const paragraphs = fill(version.text, r)
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const after =
    spec.purpose === 'announcement' && unsubscribeUrl
      ? [t('mail.office.announcementNote', { shortName: conference.shortName, url: unsubscribeUrl })]
      : [t('mail.office.orderNote', { shortName: conference.shortName })];
  return layout({ subject, heading: subject, paragraphs, after }, version.lang);
}

/** The unsubscribe page in the reader's language. */
export const unsubscribePage = (siteOrigin: string, token: string, lang: Lang = 'en') => `${siteOrigin}${pathIn(lang, `/common/unsubscribe?token=${encodeURIComponent(token)}`)}`;

/**
 * The headers an announcement carries (RFC 2369, RFC 8058): mail programs show an unsubscribe
 * button, and a one-click POST to the link opts out without opening a page.
 */
export const unsubscribeHeaders = (oneClickUrl: string) => [
  { name: 'List-Unsubscribe', value: `<${oneClickUrl}>` },
  { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
];

/** The counts of a job's recipients by state. */
export function tally(results: readonly Pick<RecipientResult, 'state'>[]) {
  const counts = { sent: 0, withheld: 0, opted_out: 0, failed: 0 };
  for (const r of results) if (r.state !== 'pending') counts[r.state] += 1;
  return counts;
}
