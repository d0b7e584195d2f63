/** The registration office's calls, built from the route table. */
import { queryOptions } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { BankAccount, BankAccountInput } from '#core/office/payment-settings';
import type { AwaitedTransferRow } from '#core/office/transfers';
import type { DashboardView } from '#core/office/dashboard';
import type { ExportKind } from '#core/office/exports';
import type { JobView } from '#core/office/jobs';
import type { MailSpec, RecipientResult } from '#core/office/mail-jobs';
import { callApi, callApiForMessage } from '../../lib/api-client';

export interface SecondFactorStatus {
  enrolled: boolean;
  verified: boolean;
  recovery_codes_left: number;
  email: string;
}

export const officeApi = {
  secondFactor: () => callApi<SecondFactorStatus>(routes.getSecondFactor),
  startEnrolment: () => callApi<{ secret: string; otpauth_uri: string }>(routes.startSecondFactor, { body: {} }),
  confirmEnrolment: (code: string) => callApiForMessage<{ recovery_codes: string[] }>(routes.confirmSecondFactor, { body: { code } }),
  verify: (body: { code: string } | { recovery_code: string }) => callApiForMessage<{ recovery_codes_left: number }>(routes.verifySecondFactor, { body }),
  transferReceived: (reference: string, amount: string) =>
    callApiForMessage<{ payment_status: number }>(routes.confirmTransfer, { params: { reference }, body: { amount } }),
  transferRefunded: (reference: string) => callApiForMessage<unknown>(routes.recordTransferRefund, { params: { reference }, body: {} }),
  retryRefund: (reference: string) => callApiForMessage<unknown>(routes.retryRefund, { params: { reference }, body: {} }),
  dashboard: () => callApi<DashboardView>(routes.getDashboard),
  awaitedTransfers: () => callApi<{ items: AwaitedTransferRow[] }>(routes.listAwaitedTransfers),
  paymentSettings: () => callApi<{ bank_account: BankAccount | null; version: number }>(routes.getPaymentSettings),
  savePaymentSettings: (bank_account: BankAccountInput, base_version: number) =>
    callApiForMessage<{ bank_account: BankAccount }>(routes.savePaymentSettings, { body: { bank_account, base_version } }),
  requestExport: (kind: ExportKind) => callApiForMessage<{ job: JobView }>(routes.requestExport, { body: { kind } }),
  exports: () => callApi<{ items: JobView[] }>(routes.listExports),
  exportLink: (id: string) => callApi<{ url: string; file_name: string }>(routes.downloadExport, { params: { id } }),
  previewMail: (spec: MailSpec, preview_for: string) =>
    callApi<{ to: string; subject: string; text: string; headers: { name: string; value: string }[] }>(routes.previewMail, { body: { ...spec, preview_for } }),
  sendMail: (spec: MailSpec) => callApiForMessage<{ job: JobView }>(routes.sendMail, { body: spec }),
  mailJobs: () => callApi<{ items: JobView[] }>(routes.listMailJobs),
  mailJob: (id: string) => callApi<{ job: JobView; recipients: RecipientResult[] }>(routes.getMailJob, { params: { id } }),
};

export const dashboardKey = ['office', 'dashboard'] as const;
export const paymentSettingsKey = ['office', 'payment-settings'] as const;
export const awaitedTransfersKey = ['office', 'transfers'] as const;
export const exportsKey = ['office', 'exports'] as const;
export const mailJobsKey = ['office', 'mail'] as const;

export const secondFactorKey = ['office', 'second-factor'] as const;
export const secondFactorQuery = queryOptions({ queryKey: secondFactorKey, queryFn: officeApi.secondFactor, retry: false, staleTime: 0 });
