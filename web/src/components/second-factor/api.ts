/**
 * The second factor's calls (the office's and the programme committee's door, core/office/access.ts):
 * the status, the set-up and a code per session. Shared by the office and the review.
 */
import { queryOptions } from '@tanstack/react-query';
import { routes } from '#core/routes';
import { callApi, callApiForMessage } from '../../lib/api-client';

export interface SecondFactorStatus {
  enrolled: boolean;
  verified: boolean;
  recovery_codes_left: number;
  email: string;
}

export const secondFactorApi = {
  status: () => callApi<SecondFactorStatus>(routes.getSecondFactor),
  startEnrolment: () => callApi<{ secret: string; otpauth_uri: string }>(routes.startSecondFactor, { body: {} }),
  confirmEnrolment: (code: string) => callApiForMessage<{ recovery_codes: string[] }>(routes.confirmSecondFactor, { body: { code } }),
  verify: (body: { code: string } | { recovery_code: string }) => callApiForMessage<{ recovery_codes_left: number }>(routes.verifySecondFactor, { body }),
};

export const secondFactorKey = ['office', 'second-factor'] as const;
export const secondFactorQuery = queryOptions({ queryKey: secondFactorKey, queryFn: secondFactorApi.status, retry: false, staleTime: 0 });
