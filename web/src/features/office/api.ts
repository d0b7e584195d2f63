/** The registration office's calls, built from the route table. */
import { queryOptions } from '@tanstack/react-query';
import { routes } from '#core/routes';
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
};

export const secondFactorKey = ['office', 'second-factor'] as const;
export const secondFactorQuery = queryOptions({ queryKey: secondFactorKey, queryFn: officeApi.secondFactor, retry: false, staleTime: 0 });
