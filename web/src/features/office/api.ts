/** The registration office's calls, built from the route table. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { BankAccount, BankAccountInput } from '#core/office/payment-settings';
import type { AwaitedTransferRow } from '#core/office/transfers';
import type { RefundOwedRow } from '#core/office/refunds-owed';
import type { DashboardView } from '#core/office/dashboard';
import type { OrderRow } from '#core/office/order-rows';
import type { AuditEntry } from '#core/audit/audit';
import type { DocumentSummary } from '#core/documents/model';
import type { DelegateRow, OfficeDelegate } from '#core/office/delegates';
import type { OfficeAbstract, OfficeAbstractRow } from '#core/office/abstract-list';
import type { StatementImportView, StatementLineView } from '#core/office/import-statement';
import type { CsvMapping } from '#core/office/statement';
import type { ExportKind } from '#core/office/exports';
import type { OfficeCancelInput } from '#core/office/schemas';
import type { OrderMailKind } from '#core/office/order-mail-kinds';
import type { AttendanceInput, attendanceMarking } from '#core/office/attendance';
import type { JobView } from '#core/office/jobs';
import type { MailSpec, RecipientResult } from '#core/office/mail-jobs';
import type { ReconciliationView } from '#core/office/reconciliations';
import type { OfficeRegistration, RegistrationRow } from '#core/office/registrations';
import type { ReviewDecisionInput, VisaDecisionInput } from '#core/office/schemas';
import type { VisaView } from '#core/office/visa-letters';
import type { listConflicts } from '#core/review/conflict-overrides';
import type { ConflictOverrideForm, ReviewRolesForm } from '#core/review/schemas';
import type { listReviewTeam } from '#core/review/team';
import { ApiError, callApi, callApiForMessage } from '../../lib/api-client';


export type ReviewTeamView = Awaited<ReturnType<typeof listReviewTeam>>;
export const reviewTeamKey = ['office', 'review-team'] as const;
export type ReviewConflictsPage = Awaited<ReturnType<typeof listConflicts>>;
export type ReviewConflictRow = ReviewConflictsPage['items'][number];
export const reviewConflictsKey = (category: string, cursor: string | undefined) => ['office', 'review-conflicts', category, cursor ?? ''] as const;

export const officeApi = {
  reviewTeam: () => callApi<ReviewTeamView>(routes.listReviewTeam),
  setReviewRoles: (body: ReviewRolesForm) => callApiForMessage<{ user_id: string }>(routes.setReviewRoles, { body }),
  reviewConflicts: (category: string, cursor?: string) => callApi<ReviewConflictsPage>(routes.listReviewConflicts, { query: { category, cursor, limit: 25 } }),
  setReviewConflict: (body: ConflictOverrideForm) => callApiForMessage<{ overridden: boolean; version: number }>(routes.setReviewConflict, { body }),
  transferReceived: (reference: string, amount: string) =>
    callApiForMessage<{ payment_status: number }>(routes.confirmTransfer, { params: { reference }, body: { amount } }),
  refundsOwed: () => callApi<{ items: RefundOwedRow[] }>(routes.listRefundsOwed),
  /** `amount` and `paid_to` as the confirmation showed them: the server refuses if either changed. */
  recordBankRefund: (row: Pick<RefundOwedRow, 'order_id' | 'refund_id' | 'amount'>, paidTo: string) =>
    callApiForMessage<unknown>(routes.recordBankRefund, { params: { id: row.order_id, refund: row.refund_id }, body: { amount: row.amount, paid_to: paidTo } }),
  transferRefunded: (reference: string) => callApiForMessage<unknown>(routes.recordTransferRefund, { params: { reference }, body: {} }),
  retryRefund: (reference: string) => callApiForMessage<unknown>(routes.retryRefund, { params: { reference }, body: {} }),
  /** The office's view of the order a payment reference names (its row by the reference, then the order): what a confirmation says before acting. */
  orderByReference: async (reference: string) => {
    const { rows } = await callApi<{ rows: OrderRow[] }>(routes.listOfficeOrders, { query: { filter: 'all', q: reference.trim() } });
    if (!rows[0]) throw new ApiError(404, 'No order has this payment reference.', null, 404);
    return callApi<OfficeOrderDetail>(routes.getOfficeOrder, { params: { id: rows[0].id } });
  },
  orders: (query: { filter: string; q: string; cursor?: string; limit?: number }) =>
    callApi<{ rows: OrderRow[]; next: string | null; search: 'reference' | 'email' | 'name' | null }>(routes.listOfficeOrders, { query }),
  order: (id: string) => callApi<OfficeOrderDetail>(routes.getOfficeOrder, { params: { id } }),
  resendOrderMail: (id: string, mail: OrderMailKind) => callApiForMessage<{ sent: boolean }>(routes.resendOrderMail, { params: { id }, body: { mail } }),
  markAttendance: (id: string, body: AttendanceInput) => callApiForMessage<{ version: string }>(routes.markAttendance, { params: { id }, body }),
  cancelOrder: (id: string, body: OfficeCancelInput) => callApiForMessage<{ refund_amount: string }>(routes.cancelOfficeOrder, { params: { id }, body }),
  dashboard: () => callApi<DashboardView>(routes.getDashboard),
  awaitedTransfers: () => callApi<{ items: AwaitedTransferRow[] }>(routes.listAwaitedTransfers),
  paymentSettings: () => callApi<{ bank_account: BankAccount | null; version: number }>(routes.getPaymentSettings),
  savePaymentSettings: (bank_account: BankAccountInput, base_version: number) =>
    callApiForMessage<{ bank_account: BankAccount }>(routes.savePaymentSettings, { body: { bank_account, base_version } }),
  // Delegates, abstracts and the audit log
  delegates: (query: { q?: string; cursor?: string }) =>
    callApi<{ items: DelegateRow[]; cursor: string | null; search: 'all' | 'email' | 'name' }>(routes.listOfficeDelegates, { query }),
  delegate: (id: string) => callApi<OfficeDelegate>(routes.getOfficeDelegate, { params: { id } }),
  resendActivation: (id: string) => callApiForMessage<null>(routes.resendDelegateActivation, { params: { id }, body: {} }),
  abstracts: (query: { category: string; cursor?: string }) => callApi<{ items: OfficeAbstractRow[]; cursor: string | null }>(routes.listOfficeAbstracts, { query }),
  abstract: (owner: string, id: string) => callApi<OfficeAbstract>(routes.getOfficeAbstract, { params: { owner, id } }),
  auditLog: (query: { day?: string; action?: string; actor?: string; cursor?: string }) =>
    callApi<{ day: string; items: AuditEntry[]; cursor: string | null }>(routes.readAuditLog, { query }),
  /** An order may be named by its number or payment reference: `object` says which one it is. */
  auditTrail: (type: string, id: string) => callApi<{ items: AuditEntry[]; object: { type: string; id: string; order_no?: string } }>(routes.getAuditTrail, { params: { type, id } }),
  statements: () => callApi<StatementOverview>(routes.listStatements),
  importStatement: (body: { file_name: string; content_base64: string; mapping?: CsvMapping }) => callApiForMessage<StatementImportResult>(routes.importStatement, { body }),
  statementImport: (id: string) => callApi<StatementImportResult>(routes.getStatementImport, { params: { id } }),
  searchOrdersForLine: (q: string) => callApi<{ items: OrderForLine[] }>(routes.searchStatementOrders, { query: { q } }),
  assignLine: (id: string, reference: string) => callApiForMessage<StatementLineView>(routes.assignStatementLine, { params: { id }, body: { reference } }),
  discardLine: (id: string, note: string) => callApiForMessage<StatementLineView>(routes.discardStatementLine, { params: { id }, body: { note } }),
  bookLine: (id: string) => callApiForMessage<StatementLineView>(routes.bookStatementLine, { params: { id }, body: {} }),
  requestExport: (kind: ExportKind) => callApiForMessage<{ job: JobView }>(routes.requestExport, { body: { kind } }),
  exports: () => callApi<{ items: JobView[] }>(routes.listExports),
  exportLink: (id: string) => callApi<{ url: string; file_name: string }>(routes.downloadExport, { params: { id } }),
  publishBook: (id: string) => callApiForMessage<{ publication: number; bytes: number }>(routes.publishDelegatesBook, { params: { id } }),
  previewMail: (spec: MailSpec, preview_for: string) =>
    callApi<{ to: string; subject: string; text: string; headers: { name: string; value: string }[] }>(routes.previewMail, { body: { ...spec, preview_for } }),
  sendMail: (spec: MailSpec) => callApiForMessage<{ job: JobView }>(routes.sendMail, { body: spec }),
  confirmMail: (id: string, recipients: number) => callApiForMessage<{ job: JobView }>(routes.confirmMailJob, { params: { id }, body: { recipients } }),
  discardMail: (id: string) => callApiForMessage<{ job: JobView }>(routes.discardMailJob, { params: { id }, body: {} }),
  mailJobs: () => callApi<{ items: JobView[] }>(routes.listMailJobs),
  mailJob: (id: string) => callApi<{ job: JobView; recipients: (RecipientResult & { subject: string })[] }>(routes.getMailJob, { params: { id } }),
  requestReconciliation: () => callApiForMessage<{ job: ReconciliationView }>(routes.requestReconciliation, { body: {} }),
  reconciliations: () => callApi<{ items: ReconciliationView[]; kept: number }>(routes.listReconciliations),
  reconciliation: (id: string) => callApi<{ job: ReconciliationView }>(routes.getReconciliation, { params: { id } }),
  // The registrations by category and their review
  registrations: (query: { list: 'all' | 'review'; cursor?: string }) =>
    callApi<{ items: RegistrationRow[]; cursor: string | null }>(routes.listOfficeRegistrations, { query }),
  registration: (owner: string) => callApi<OfficeRegistration>(routes.getOfficeRegistration, { params: { owner } }),
  decideRegistration: (owner: string, body: ReviewDecisionInput) =>
    callApiForMessage<{ register_status: number; version: string; mailed: boolean }>(routes.decideOfficeRegistration, { params: { owner }, body }),
  // The visa letters: the review queue, one order's review and letters, the decision, a new version of the letter
  visaQueue: (query: { cursor?: string }) => callApi<{ items: VisaView[]; next: string | null }>(routes.listVisaQueue, { query }),
  orderVisa: (id: string) => callApi<VisaView>(routes.getOfficeOrderVisa, { params: { id } }),
  decideVisa: (id: string, body: VisaDecisionInput) => callApiForMessage<{ version: string; letter_id: string | null; mailed: boolean | null }>(routes.decideVisaReview, { params: { id }, body }),
  regenerateVisaLetter: (id: string, version: string) => callApiForMessage<{ letter_id: string; version: number }>(routes.regenerateVisaLetter, { params: { id }, body: { version } }),
};

export interface StatementOverview {
  mapping: CsvMapping | null;
  imports: StatementImportView[];
  open: StatementLineView[];
  differs: StatementLineView[];
}
export interface StatementImportResult {
  import: StatementImportView;
  lines: StatementLineView[];
}
export interface OrderForLine {
  reference: string;
  order_no: string;
  delegate: string;
  email: string;
  status_name: string;
  amount_required: string;
  awaited: string | null;
  can_assign: boolean;
}
export const statementsKey = ['office', 'statements'] as const;

export const dashboardKey = ['office', 'dashboard'] as const;
export const paymentSettingsKey = ['office', 'payment-settings'] as const;
export const awaitedTransfersKey = ['office', 'transfers'] as const;
export const exportsKey = ['office', 'exports'] as const;
export const mailJobsKey = ['office', 'mail'] as const;
export const reconciliationsKey = ['office', 'reconciliations'] as const;

export { secondFactorKey, secondFactorQuery } from '../../components/second-factor/api';

export interface OfficeOrderDetail {
  order: Record<string, unknown> & { id: string; order_no: string; reference: string; status_name: string; payment_status: number; first_name: string; last_name: string; owner_email: string };
  /** Whom the order is for: the delegate and the address, or "Deleted account, order R24-..." */
  heading: string;
  /** Kept after its account was deleted: when, and what that means for the office. */
  account_deleted: { at: string; note: string } | null;
  row: OrderRow;
  money: { required: string; received: string; refunded: string; balance: string; balance_text: string };
  payments: { id: string; method: string; state: string; amount: string; created_at: string; confirmed_at: string | null; surplus: string | null }[];
  refunds: { id: string; method: string; state: string; amount: string; reason: string; requested_by: string; created_at: string; done_at: string | null; failure_reason: string | null; note: string | null }[];
  audit: AuditEntry[];
  passport: { name: string; url: string } | null;
  /** The most another refund can be. */
  refundable: string;
  /** The order's mails the office can send again. */
  mails: { kind: OrderMailKind; label: string }[];
  cancellation: { refund_amount: string; fee: string; already_refunded: string; valid_until_text: string | null; method: string | null } | null;
  can_cancel: boolean;
  /** What a transfer confirmed now is measured against (what the order costs less what it holds), or null: none can be confirmed. */
  transfer_awaited: string | null;
  /** What "Try the refund again" would do now, or null. */
  retry_refund: { kind: 'ask-again' | 'refund-again'; amount: string; method: 'card' | 'transfer' } | null;
  /** Whether attendance can be marked now, with which choices, and if not, why (core/office/attendance.ts). */
  attendance_marking: ReturnType<typeof attendanceMarking>;
  /** Its receipts and credit notes, newest first. */
  documents: DocumentSummary[];
  /** A receipt or credit note the ledger calls for is still being issued. */
  documents_being_issued: boolean;
}

/** The office's paged lists that can say their total (count=1). */
const totalRoutes = { orders: routes.listOfficeOrders, delegates: routes.listOfficeDelegates, abstracts: routes.listOfficeAbstracts, registrations: routes.listOfficeRegistrations } as const;

/**
 * How many rows an office list holds over all its pages (its route with count=1), asked once per
 * list and kept a minute: paging does not count again; an office action (which invalidates
 * ['office']) does. Beside the page's own request on the same route, not instead of it.
 */
export function useListTotal(list: keyof typeof totalRoutes, query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: ['office', 'total', list, query],
    queryFn: async () => (await callApi<{ total?: number }>(totalRoutes[list], { query: { ...query, count: '1' }, concurrent: true })).total ?? null,
    staleTime: 60_000,
  }).data;
}
