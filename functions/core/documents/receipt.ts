/**
 * What a receipt and a credit note say, built from the order as it was paid and the ledger's
 * records: pure functions over their inputs (no clock, no storage), so the document issued is
 * the snapshot of those inputs and a test can read every line. Texts come from texts.json
 * (organiser-edited, `{name}` placeholders only); amounts are USD, instants CST with the zone.
 * Each document is built in Chinese and in English by the same code (decision 0062).
 */
import { personName } from './names';
import { conference } from '../config/conference';
import { formatDay, formatInstant } from '../i18n/format';
import type { Lang } from '../i18n/lang';
import { formatMoney } from '../money';
import { chineseName } from '../orders/chinese-names';
import type { StoredOrder } from '../orders/ports';
import { priceLines } from '../orders/pricing';
import type { Payment, Refund } from '../payments/model';
import { bilingualSpec, type PdfBlock, type PdfSpec } from './model';
import { congressIn, documentFooter, documentTexts, fillText, textsIn, translated } from './texts';

const usd = (cents: number) => formatMoney(cents, 'USD');
const minus = (cents: number) => `−${usd(cents)}`;

/** The payer as the order gives them (spec step 3: the order form has no postal address, only the country or region). */
export type ReceiptOrder = Pick<
  StoredOrder,
  | 'id'
  | 'order_no'
  | 'reference'
  | 'title'
  | 'first_name'
  | 'last_name'
  | 'organization'
  | 'primary_address_country'
  | 'owner_email'
  | 'rate'
  | 'accompanying_person'
  | 'post_conference_activities_person'
  | 'amount_required'
> &
  Partial<Pick<StoredOrder, 'family_name_in_chinese' | 'given_name_in_chinese'>>;

export type ReceiptPayment = Pick<Payment, 'id' | 'method' | 'amount' | 'provider_ids' | 'confirmed_at' | 'wallet'>;

/** The payer as the order names them: the title, then the name as the certificate prints it (王小明, Łukasz Nowak). */
export const payerName = (order: Pick<ReceiptOrder, 'title' | 'first_name' | 'last_name'>) =>
  [order.title, personName(order)].filter(Boolean).join(' ');

/** The payer as a sentence in `lang` names them: in Chinese by the name in Chinese characters when the order gives one (王小明). */
const payerIn = (order: ReceiptOrder, lang: Lang) => (lang === 'zh-Hans' && chineseName(order)) || payerName(order);

function payerFields(order: ReceiptOrder, heading: string, lang: Lang): PdfBlock[] {
  const t = textsIn(documentTexts.receipt, lang);
  return [
    { kind: 'heading', text: heading },
    {
      kind: 'fields',
      rows: [
        [t.name_label, payerName(order)],
        [t.organisation_label, order.organization],
        [t.address_label, order.primary_address_country],
        [t.email_label, order.owner_email],
      ],
    },
  ];
}

/**
 * What every receipt and credit note is made of: its title, then its number, date and order, and
 * the document it refers to, if any, above its blocks; the organiser's footer below.
 */
function moneyDocument(
  lang: Lang,
  t: { title: string; number_label: string; date_label: string; order_label: string },
  input: { number: string; issuedAt: Date; order: Pick<ReceiptOrder, 'order_no'> },
  reference: readonly [string, string] | null,
  blocks: PdfBlock[],
): PdfSpec {
  return {
    title: t.title,
    meta: [
      [t.number_label, input.number],
      [t.date_label, formatInstant(lang, input.issuedAt)],
      [t.order_label, input.order.order_no],
      ...(reference ? [reference] : []),
    ],
    blocks,
    footer: documentFooter(lang),
    issued_at: input.issuedAt.toISOString(),
  };
}

/** The document number of a sequence value: one sequence per congress for receipts and credit notes ("IACR2024-0007"). */
export const documentNumber = (n: number) => `IACR${conference.edition}-${String(n).padStart(4, '0')}`;

/** The sequence receipts and credit notes take their numbers from (storage/document-numbers.ts). */
export const documentSequence = `documents-${conference.edition}`;

export const receiptFileName = (kind: 'receipt' | 'credit-note', number: string) =>
  `IACR${conference.edition}-${kind}-${number}.pdf`;

export interface ReceiptInput {
  number: string;
  issuedAt: Date;
  order: ReceiptOrder;
  /** The payments that paid the order (a transfer may have come in parts), oldest first. */
  payments: readonly ReceiptPayment[];
  /** A corrected receipt names the one it replaces. */
  replaces?: { number: string; issued_at: string };
}

function paymentLine(order: ReceiptOrder, p: ReceiptPayment, lang: Lang): string {
  const t = textsIn(documentTexts.receipt, lang);
  const date = formatInstant(lang, p.confirmed_at ?? '');
  // Paid through the card checkout with a wallet (Alipay, WeChat Pay): the receipt names the wallet.
  return p.method === 'card'
    ? fillText(p.wallet ? t[p.wallet] : t.card, {
        date,
        provider_id: p.provider_ids.payment_intent ?? p.provider_ids.checkout_session ?? p.id,
      })
    : fillText(t.transfer, { date, reference: order.reference });
}

export const receiptSpec = (input: ReceiptInput): PdfSpec => bilingualSpec((lang) => receiptIn(input, lang));

function receiptIn(input: ReceiptInput, lang: Lang): PdfSpec {
  const t = textsIn(documentTexts.receipt, lang);
  const { order } = input;
  const lines = priceLines(order);
  const paid = input.payments.reduce((s, p) => s + p.amount, 0);
  // More than the order costs arrived (an overpaid transfer): the difference is a line of its own,
  // refunded later under a credit note, so that the lines add up to what was paid.
  const excess = paid - lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
  return moneyDocument(lang, t, input, input.replaces ? [t.replaces_label, input.replaces.number] : null, [
    ...(input.replaces
      ? [
          {
            kind: 'paragraph',
            text: fillText(t.replaces, {
              number: input.replaces.number,
              date: formatDay(lang, input.replaces.issued_at),
            }),
          } as const,
        ]
      : []),
    ...payerFields(order, t.payer_heading, lang),
    { kind: 'heading', text: t.lines_heading },
    {
      kind: 'table',
      columns: t.columns,
      rows: [
        ...lines.map((l) => [translated(documentTexts.receipt.item_names_zh, l.name, lang), String(l.quantity), usd(l.unitAmount), usd(l.unitAmount * l.quantity)]),
        ...(excess > 0 ? [[t.excess_row, '1', usd(excess), usd(excess)]] : []),
      ],
      total: [t.total_label, usd(paid)],
    },
    { kind: 'heading', text: t.payment_heading },
    { kind: 'fields', rows: input.payments.map((p) => [usd(p.amount), paymentLine(order, p, lang)] as const) },
    { kind: 'stamp', text: t.stamp },
    {
      kind: 'paragraph',
      text: fillText(t.note, {
        payer_name: payerIn(order, lang),
        order_no: order.order_no,
        conference: congressIn(lang).name,
      }),
    },
  ]);
}

export interface CreditNoteInput {
  number: string;
  issuedAt: Date;
  order: ReceiptOrder;
  receipt: { number: string };
  refund: Pick<Refund, 'id' | 'amount' | 'method' | 'done_at' | 'note'> & Partial<Pick<Refund, 'reason' | 'paid_to'>>;
  /** The wallet the refunded payment was made with (Alipay, WeChat Pay): the refund went back there. */
  wallet?: Payment['wallet'];
  /** What the receipt says was paid. */
  paid: number;
  /** What earlier refunds of the same payments gave back (their own credit notes), not counting money paid in excess. */
  refundedBefore: number;
  /** What the receipt's payments brought beyond the order's cost, refunded under credit notes of their own. */
  excess?: number;
}

/**
 * A credit note for one completed refund: what was paid, what earlier refunds gave back, what the
 * congress kept (the refund policy's fee, or the office's stated reason), and the amount of THIS
 * refund as its total - never the whole receipt unless all of it came back.
 */
export const creditNoteSpec = (input: CreditNoteInput): PdfSpec => bilingualSpec((lang) => creditNoteIn(input, lang));

function creditNoteIn(input: CreditNoteInput, lang: Lang): PdfSpec {
  const t = textsIn(documentTexts['credit-note'], lang);
  const { order, refund } = input;
  const date = formatInstant(lang, refund.done_at ?? input.issuedAt);
  const rows: (readonly [string, string])[] = [];
  if (refund.reason === 'surplus') {
    // Money paid beyond the order's cost, given back: the receipt's excess line, credited.
    rows.push([fillText(t.excess_paid_row, { number: input.receipt.number }), usd(refund.amount)]);
  } else {
    const excess = input.excess ?? 0;
    const kept = Math.max(0, input.paid - excess - input.refundedBefore - refund.amount);
    rows.push([fillText(t.paid_row, { number: input.receipt.number }), usd(input.paid)]);
    if (excess > 0) rows.push([t.excess_row, minus(excess)]);
    if (input.refundedBefore > 0) rows.push([t.earlier_row, minus(input.refundedBefore)]);
    if (kept > 0)
      rows.push([refund.note ? fillText(t.kept_note_row, { note: refund.note }) : t.kept_row, minus(kept)]);
  }
  const how = refund.method === 'card' ? fillText(input.wallet ? t[input.wallet] : t.card, { date }) : refund.paid_to ? fillText(t.transfer_to, { date, paid_to: refund.paid_to }) : fillText(t.transfer, { date });
  return moneyDocument(
    lang,
    t,
    input,
    [t.receipt_label, input.receipt.number],
    [
      ...payerFields(order, t.payer_heading, lang),
      { kind: 'table', columns: t.columns, rows, total: [t.total_label, usd(refund.amount)] },
      { kind: 'heading', text: t.refund_heading },
      { kind: 'paragraph', text: how },
      { kind: 'stamp', text: t.stamp },
      {
        kind: 'paragraph',
        text: fillText(t.note, {
          amount: usd(refund.amount),
          payer_name: payerIn(order, lang),
          order_no: order.order_no,
          receipt: input.receipt.number,
        }),
      },
    ],
  );
}

export interface ReturnedRefundInput {
  number: string;
  issuedAt: Date;
  order: ReceiptOrder;
  /** The credit note of the refund that came back. */
  creditNote: { number: string; issued_at: string };
  refund: Pick<Refund, 'amount'>;
}

/**
 * A receipt for a refund returned by the card's bank after it had completed: its credit note stays
 * as issued, and this receipt records that the amount is held again (so the order's receipts less
 * its credit notes still come to what it holds).
 */
export const returnedRefundSpec = (input: ReturnedRefundInput): PdfSpec => bilingualSpec((lang) => returnedRefundIn(input, lang));

function returnedRefundIn(input: ReturnedRefundInput, lang: Lang): PdfSpec {
  const t = textsIn(documentTexts.receipt, lang);
  const { order } = input;
  const amount = usd(input.refund.amount);
  return moneyDocument(
    lang,
    t,
    input,
    [t.returned_label, input.creditNote.number],
    [
      {
        kind: 'paragraph',
        text: fillText(t.returned_note, {
          amount,
          credit_note: input.creditNote.number,
          date: formatDay(lang, input.creditNote.issued_at),
          order_no: order.order_no,
        }),
      },
      ...payerFields(order, t.payer_heading, lang),
      {
        kind: 'table',
        columns: [t.columns[0]!, t.columns[3]!],
        rows: [[fillText(t.returned_row, { credit_note: input.creditNote.number }), amount]],
        total: [t.total_label, amount],
      },
      { kind: 'stamp', text: t.stamp },
    ],
  );
}
