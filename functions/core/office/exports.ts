/**
 * The office's exports: what each CSV holds (orders with every field, amounts, payment and refund
 * dates and methods; delegates; abstracts; the review's sheet and decisions, whose columns are in
 * core/review/review-exports.ts), as columns over plain rows. Pure: the job worker
 * (core/office/jobs.ts) reads the rows from storage and writes the document to S3.
 */
import type { StoredAbstract } from '../abstracts/ports';
import type { User } from '../accounts/model';
import { wireAmount } from '../money';
import { step2Schema, step3Schema, step4Schema } from '../orders/schemas';
import { orderFieldText, type OrderFieldName } from '../orders/field-labels';
import { categoryName as abstractCategoryName } from '../data/abstract-options';
import type { StoredOrder } from '../orders/ports';
import { chineseName } from '../orders/chinese-names';
import { orderStatusNames } from '../orders/states';
import type { Payment, Refund } from '../payments/model';
import { cstParts } from '../time';
import { dinnerTotal, payStatusOf, repastStatusOf } from '../registration-by-category/cost-detail';
import { categoryName } from '../registration-by-category/fees';
import type { StoredRegistration } from '../registration-by-category/ports';
import { REGISTRATION_DINNERS, REGISTRATION_FEE, registrationStatusName } from '../registration-by-category/registration-payables';
import { reviewStateNames } from './registrations';
import type { CellValue, Column } from './csv';
import type { RecordedScan } from '../checkin/ports';

export const exportKinds = ['orders', 'fapiao', 'registrations', 'delegates', 'abstracts', 'review_sheet', 'decisions', 'abstract_book', 'badges', 'checkins'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** Days an export's file is kept (S3 deletes it then: infra/cdk/data-stack.ts); its link is refused after. */
export const EXPORT_KEEP_DAYS = 7;

export const exportLabels: Record<ExportKind, string> = {
  orders: 'Registration orders',
  fapiao: 'Fapiao requests',
  registrations: 'Registrations by category',
  delegates: 'Delegates (accounts)',
  abstracts: 'Abstracts',
  review_sheet: 'Review sheet',
  decisions: 'Review decisions',
  abstract_book: 'Abstract book (PDF)',
  badges: 'Badges (PDF)',
  checkins: 'Check-ins at the doors',
};

/** The exports that are not CSVs: the abstract book of the latest published programme (decision 0066), every paid order's badges (issue 34). */
export const isPdfExport = (kind: ExportKind) => kind === 'abstract_book' || kind === 'badges';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a spreadsheet reads it, on Beijing's clock with the offset: `2024-08-01 10:00:00 +08:00`. */
export function csvInstant(instant: string | null | undefined): string {
  if (!instant) return '';
  const p = cstParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} +08:00`;
}

/** Cents as the wire shows dollars: "650.00". */
const usd = (cents: number | undefined) => (cents === undefined ? '' : wireAmount(cents));

export interface OrderExportRow {
  order: StoredOrder;
  payments: Payment[];
  refunds: Refund[];
}

/** Money that arrived: payments confirmed, or confirmed and later refunded. */
const received = (row: OrderExportRow) => row.payments.filter((p) => p.state === 'confirmed' || p.state === 'refunded').reduce((sum, p) => sum + p.amount, 0);
const refunded = (row: OrderExportRow) => row.refunds.filter((r) => r.state === 'done').reduce((sum, r) => sum + r.amount, 0);
const list = <T>(items: T[], show: (item: T) => string) => items.map(show).join('; ');

/** A field of the order form in a cell: coded choices as words (core/orders/field-labels.ts), counts and texts as entered. */
const codedFields = new Set<string>(['rate', 'post_conference_activities_attach', 'morning_workshop', 'afternoon_workshop', 'welcome_reception', 'gala_dinner', 'visa_required', 'hotel_book_required', 'phone_number_prefix']);
const formText = (field: keyof StoredOrder, value: unknown): CellValue =>
  codedFields.has(field) && value !== null && value !== undefined && value !== '' ? orderFieldText(field as OrderFieldName, value) : (value as CellValue);

/** Every field of the order form, in the wizard's order (steps 2, 3, 4): nothing a delegate entered is left out. */
export const orderFormFields = [...Object.keys(step2Schema.shape), ...Object.keys(step3Schema.shape), ...Object.keys(step4Schema.shape)] as (keyof StoredOrder)[];

const TIME = '(CST, UTC+8)';

export const orderColumns: Column<OrderExportRow>[] = [
  { header: 'order_no', cell: (r) => r.order.order_no },
  { header: 'reference', cell: (r) => r.order.reference },
  { header: 'status', cell: (r) => orderStatusNames[r.order.payment_status] ?? String(r.order.payment_status) },
  { header: 'account_email', cell: (r) => r.order.owner_email },
  { header: 'currency', cell: (r) => r.order.currency },
  { header: 'amount_required', cell: (r) => usd(r.order.amount_required) },
  { header: 'amount_received', cell: (r) => usd(received(r)) },
  { header: 'amount_refunded', cell: (r) => usd(refunded(r)) },
  { header: 'payment_method', cell: (r) => r.order.payment_method ?? '' },
  { header: `created_at ${TIME}`, cell: (r) => csvInstant(r.order.created_at) },
  { header: `updated_at ${TIME}`, cell: (r) => csvInstant(r.order.updated_at) },
  { header: `paid_at ${TIME}`, cell: (r) => csvInstant(r.order.paid_at) },
  { header: `cancelled_at ${TIME}`, cell: (r) => csvInstant(r.order.cancelled_at) },
  { header: `refund_failed_at ${TIME}`, cell: (r) => csvInstant(r.order.refund_failed_at) },
  {
    header: 'payments (method amount state confirmed_at)',
    cell: (r) => list(r.payments, (p) => `${p.method} ${usd(p.amount)} ${p.state}${p.confirmed_at ? ` ${csvInstant(p.confirmed_at)}` : ''}`),
  },
  { header: `last_payment_at ${TIME}`, cell: (r) => csvInstant(r.payments.map((p) => p.confirmed_at ?? '').sort().pop()) },
  {
    header: 'refunds (method amount state reason done_at)',
    cell: (r) => list(r.refunds, (x) => `${x.method} ${usd(x.amount)} ${x.state} ${x.reason}${x.done_at ? ` ${csvInstant(x.done_at)}` : ''}`),
  },
  { header: `last_refund_at ${TIME}`, cell: (r) => csvInstant(r.refunds.map((x) => x.done_at ?? '').sort().pop()) },
  // What the delegate chose, as the order pages say it (a rate, a visit, Yes/No), never the form's codes.
  ...orderFormFields.map((field) => ({ header: String(field), cell: (r: OrderExportRow) => formText(field, r.order[field]) })),
];

/** The orders that asked for a fapiao, for the finance office (core/orders/fapiao.ts): what it needs to issue each. */
export const fapiaoColumns: Column<OrderExportRow>[] = [
  { header: 'order_no', cell: (r) => r.order.order_no },
  { header: 'reference', cell: (r) => r.order.reference },
  { header: 'status', cell: (r) => orderStatusNames[r.order.payment_status] ?? String(r.order.payment_status) },
  { header: 'fapiao_title', cell: (r) => r.order.fapiao?.title ?? '' },
  { header: 'taxpayer_id', cell: (r) => r.order.fapiao?.taxpayer_id ?? '' },
  { header: 'name', cell: (r) => `${r.order.first_name} ${r.order.last_name}`.trim() },
  { header: 'name_in_chinese', cell: (r) => chineseName(r.order) ?? '' },
  { header: 'organization', cell: (r) => r.order.organization },
  { header: 'account_email', cell: (r) => r.order.owner_email },
  { header: 'currency', cell: (r) => r.order.currency },
  { header: 'amount_required', cell: (r) => usd(r.order.amount_required) },
  { header: 'amount_received', cell: (r) => usd(received(r)) },
  { header: 'amount_refunded', cell: (r) => usd(refunded(r)) },
  { header: 'payment_method', cell: (r) => r.order.payment_method ?? '' },
  { header: `paid_at ${TIME}`, cell: (r) => csvInstant(r.order.paid_at) },
  { header: `requested_at ${TIME}`, cell: (r) => csvInstant(r.order.fapiao?.requested_at) },
  { header: 'fapiao_status', cell: (r) => (r.order.fapiao?.issued ? 'issued' : 'requested') },
  { header: 'fapiao_number', cell: (r) => r.order.fapiao?.issued?.number ?? '' },
  { header: `issued_at ${TIME}`, cell: (r) => csvInstant(r.order.fapiao?.issued?.at) },
  { header: 'issued_by', cell: (r) => r.order.fapiao?.issued?.by ?? '' },
];

/** A registration by category with the payments and refunds of its fee and its dinners. */
export interface RegistrationExportRow {
  registration: StoredRegistration;
  payments: Payment[];
  refunds: Refund[];
}

const ofKind = <T extends { subject: { kind: string } }>(items: T[], kind: string) => items.filter((i) => i.subject.kind === kind);
const paidIn = (payments: Payment[]) => payments.filter((p) => p.state === 'confirmed' || p.state === 'refunded').reduce((sum, p) => sum + p.amount, 0);
const givenBack = (refunds: Refund[]) => refunds.filter((r) => r.state === 'done').reduce((sum, r) => sum + r.amount, 0);
const regName = (r: StoredRegistration) => [r.first_name, r.middle_initial, r.last_name].filter((p) => p && p.trim()).join(' ');
const kindName = (kind: string) => (kind === REGISTRATION_FEE ? 'fee' : 'dinners');

/** The registrations by category (the older flow), beside the orders: who, what type, the review, what each part costs, and what was paid. */
export const registrationColumns: Column<RegistrationExportRow>[] = [
  { header: 'register_code', cell: (r) => r.registration.register_code },
  { header: 'name', cell: (r) => regName(r.registration) },
  { header: 'first_name', cell: (r) => r.registration.first_name },
  { header: 'last_name', cell: (r) => r.registration.last_name },
  { header: 'account_email', cell: (r) => r.registration.owner_email },
  { header: 'regiatration_type', cell: (r) => r.registration.regiatration_type },
  { header: 'type_name', cell: (r) => categoryName(r.registration.regiatration_type) },
  { header: 'review_state', cell: (r) => reviewStateNames[r.registration.register_status] ?? String(r.registration.register_status) },
  { header: 'currency', cell: () => 'USD' },
  { header: 'register_fee', cell: (r) => usd(r.registration.fees.total) },
  { header: 'pay_status', cell: (r) => registrationStatusName(payStatusOf(r.registration)) },
  { header: 'dinner_fee', cell: (r) => usd(dinnerTotal(r.registration)) },
  { header: 'repast_status', cell: (r) => registrationStatusName(repastStatusOf(r.registration)) },
  { header: 'fee_received', cell: (r) => usd(paidIn(ofKind(r.payments, REGISTRATION_FEE))) },
  { header: 'dinners_received', cell: (r) => usd(paidIn(ofKind(r.payments, REGISTRATION_DINNERS))) },
  { header: 'amount_refunded', cell: (r) => usd(givenBack(r.refunds)) },
  {
    header: 'payments (for method amount state confirmed_at)',
    cell: (r) => list(r.payments, (p) => `${kindName(p.subject.kind)} ${p.method} ${usd(p.amount)} ${p.state}${p.confirmed_at ? ` ${csvInstant(p.confirmed_at)}` : ''}`),
  },
  {
    header: 'refunds (for method amount state reason done_at)',
    cell: (r) => list(r.refunds, (x) => `${kindName(x.subject.kind)} ${x.method} ${usd(x.amount)} ${x.state} ${x.reason}${x.done_at ? ` ${csvInstant(x.done_at)}` : ''}`),
  },
  { header: `registered_at ${TIME}`, cell: (r) => csvInstant(r.registration.created_at) },
  { header: `fee_paid_at ${TIME}`, cell: (r) => csvInstant(r.registration.paid_at) },
  { header: `dinners_paid_at ${TIME}`, cell: (r) => csvInstant(r.registration.dinners_paid_at) },
];

const accountStates: Record<User['status'], string> = { 0: 'not activated', 1: 'activated', 2: 'profile complete' };

/** A delegate's account; `opted_out` says whether they refused the office's announcements. */
export interface DelegateExportRow {
  user: User;
  opted_out?: boolean;
}

export const delegateColumns: Column<DelegateExportRow>[] = [
  { header: 'account_id', cell: (r) => r.user.id },
  { header: 'email', cell: (r) => r.user.email },
  { header: 'first_name', cell: (r) => r.user.first_name },
  { header: 'middle_initial', cell: (r) => r.user.middle_initial },
  { header: 'last_name', cell: (r) => r.user.last_name },
  { header: 'nick_name', cell: (r) => r.user.nick_name },
  { header: 'occupation', cell: (r) => r.user.occupation },
  { header: 'organization', cell: (r) => r.user.organization },
  { header: 'country', cell: (r) => r.user.country },
  { header: 'mobile', cell: (r) => r.user.mobile },
  { header: 'account_state', cell: (r) => accountStates[r.user.status] ?? String(r.user.status) },
  { header: 'role', cell: (r) => r.user.role ?? 'delegate' },
  { header: 'announcements', cell: (r) => (r.opted_out ? 'opted out' : 'yes') },
  { header: `signed_up_at ${TIME}`, cell: (r) => csvInstant(r.user.created_at) },
  { header: `activated_at ${TIME}`, cell: (r) => csvInstant(r.user.activated_at) },
];

export interface AbstractExportRow {
  abstract: StoredAbstract;
  /** The submitting account's address (undefined if the account is gone). */
  owner_email?: string;
}

type Person = StoredAbstract['authors'][number];
const person = (p: Person) => {
  const extra = Object.entries(p)
    .filter(([k, v]) => !['first_name', 'last_name'].includes(k) && typeof v === 'string' && v.trim())
    .map(([, v]) => v as string);
  return `${p.first_name} ${p.last_name}${extra.length ? ` (${extra.join(', ')})` : ''}`;
};

export const abstractColumns: Column<AbstractExportRow>[] = [
  { header: 'abstract_id', cell: (r) => r.abstract.id },
  { header: 'account_email', cell: (r) => r.owner_email ?? '' },
  { header: 'title_of_abstract', cell: (r) => r.abstract.title_of_abstract },
  // The category as the submission form names it, not its code.
  { header: 'abstract_category', cell: (r) => abstractCategoryName(r.abstract.abstract_category) ?? r.abstract.abstract_category },
  { header: 'keywords', cell: (r) => r.abstract.keywords },
  { header: 'authors', cell: (r) => list(r.abstract.authors, person) },
  { header: 'first_author_presents', cell: (r) => r.abstract.presenter_abstract },
  { header: 'presenters', cell: (r) => (r.abstract.presenter_abstract ? person(r.abstract.authors[0]!) : list(r.abstract.presenter_infos, person)) },
  { header: 'financial_support', cell: (r) => r.abstract.financial_support },
  { header: 'conference_iacr_fellowship', cell: (r) => r.abstract.conference_iacr_fellowship },
  { header: 'conflict_of_interest_disclosure', cell: (r) => r.abstract.conflict_of_interest_disclosure },
  { header: 'submitter_name', cell: (r) => r.abstract.submitter_name },
  { header: 'submitter_date', cell: (r) => r.abstract.submitter_date },
  { header: 'files', cell: (r) => r.abstract.upload_files.length },
  { header: `created_at ${TIME}`, cell: (r) => csvInstant(r.abstract.created_at) },
  { header: `updated_at ${TIME}`, cell: (r) => csvInstant(r.abstract.updated_at) },
  { header: 'abstract_body', cell: (r) => r.abstract.abstract_body },
];

/** Every scan the doors recorded (core/checkin/record-scans.ts), with the ticket's holder when the scan named one. */
export interface CheckinExportRow {
  scan: RecordedScan;
  holder?: { order_no: string; first_name: string; last_name: string; chinese_name: string | null; role: string };
}

export const checkinColumns: Column<CheckinExportRow>[] = [
  { header: `scanned_at ${TIME}`, cell: (r) => csvInstant(r.scan.at) },
  { header: `recorded_at ${TIME}`, cell: (r) => csvInstant(r.scan.received_at) },
  { header: 'list', cell: (r) => r.scan.list },
  { header: 'device', cell: (r) => r.scan.device_name },
  { header: 'ticket', cell: (r) => r.scan.ticket_id ?? '' },
  { header: 'order_no', cell: (r) => r.holder?.order_no ?? '' },
  { header: 'first_name', cell: (r) => r.holder?.first_name ?? '' },
  { header: 'last_name', cell: (r) => r.holder?.last_name ?? '' },
  { header: 'chinese_name', cell: (r) => r.holder?.chinese_name ?? '' },
  { header: 'role', cell: (r) => r.holder?.role ?? '' },
  { header: 'offline', cell: (r) => r.scan.offline },
  { header: 'door_answer', cell: (r) => r.scan.device_answer ?? r.scan.server_answer.kind },
  { header: 'outcome', cell: (r) => r.scan.outcome },
  { header: 'conflict', cell: (r) => r.scan.conflict?.kind ?? '' },
  { header: 'first_entry_device', cell: (r) => r.scan.conflict?.first?.device_name ?? '' },
  { header: `first_entry_at ${TIME}`, cell: (r) => csvInstant(r.scan.conflict?.first?.at) },
];

/** The file name an export is downloaded as: `orders-2024-08-01-1000.csv` (Beijing time of the request). */
export function exportFileName(kind: ExportKind, requestedAt: string): string {
  const p = cstParts(requestedAt);
  return `${kind}-${p.year}-${pad(p.month)}-${pad(p.day)}-${pad(p.hour)}${pad(p.minute)}.${isPdfExport(kind) ? 'pdf' : 'csv'}`;
}
