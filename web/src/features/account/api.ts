/** The account calls, built from the route table. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { PersonInfo } from '#core/accounts/model';
import type { DeletionSummary } from '#core/accounts/own-data';
import type { ChangePasswordInput, DeleteAccountInput, ForgotInput, LoginInput, ProfileInput, RegisterInput, ResetInput } from '#core/accounts/schemas';
import { timing } from '#core/config/conference';
import { callApi, callApiForMessage } from '../../lib/api-client';
import { session, useSession } from '../../lib/session';

export interface LoginResult {
  api_token: string;
  id: string;
  status: number;
  pay_status: number;
}

export const accountApi = {
  checkEmail: (email: string) => callApi<null>(routes.checkEmail, { query: { email } }),
  register: (body: RegisterInput) => callApi<{ email: string; activation_mail_sent: boolean }>(routes.emailRegister, { body }),
  resendActivation: (email: string) => callApi<{ retry_after: number }>(routes.resendActivation, { body: { email } }),
  /** `already_active`: the link was opened before (or the account was activated otherwise). */
  activate: (token: string) => callApiForMessage<{ email: string; already_active: boolean }>(routes.activate, { body: { token } }),
  login: (body: LoginInput) =>
    callApi<LoginResult>(routes.login, { body, timeoutMs: timing.loginTimeoutSeconds * 1000 }),
  logout: () => callApi<null>(routes.logout, { body: {} }),
  personInfo: () => callApi<PersonInfo>(routes.getPersonInfo),
  updateProfile: (body: ProfileInput) => callApi<PersonInfo>(routes.updateProfile, { body }),
  changePassword: (body: ChangePasswordInput) => callApi<null>(routes.changePassword, { body }),
  forgotPassword: (body: ForgotInput) => callApi<null>(routes.forgotPassword, { body }),
  resetPassword: (body: ResetInput) => callApi<null>(routes.resetPassword, { body }),
  unsubscribe: (token: string) => callApiForMessage<null>(routes.unsubscribe, { params: { token }, body: {} }),
  mailPreferences: () => callApi<{ announcements: boolean }>(routes.getMailPreferences),
  saveMailPreferences: (announcements: boolean) => callApiForMessage<{ announcements: boolean }>(routes.saveMailPreferences, { body: { announcements } }),
  /** Everything the portal holds about the account (core/accounts/own-data.ts), saved by the page as a .json file. */
  exportOwnData: () => callApi<Record<string, unknown>>(routes.exportOwnData),
  deleteAccount: (body: DeleteAccountInput) => callApiForMessage<DeletionSummary>(routes.deleteAccount, { body }),
};

export const personInfoKey = ['person-info'] as const;

/** The delegate's user info (spec: refreshed after several actions); kept in the session too. */
const personInfoQuery = queryOptions({
  queryKey: personInfoKey,
  queryFn: async () => {
    const info = await accountApi.personInfo();
    session.set({ info });
    return info;
  },
  // The session's copy is shown at once but read again on every page load: it may be days old, or
  // changed since on another device (counted as fresh, a reload showed a profile saved elsewhere
  // as still empty for as long as the session lived).
  initialData: () => (session.get().info as PersonInfo | null) ?? undefined,
  initialDataUpdatedAt: 0,
  staleTime: 30_000,
});

/**
 * `fresh`: read it from the server when the page opens, whatever this browser holds (a page whose
 * content depends on the delegate's states waits for `isFetchedAfterMount`).
 */
export function usePersonInfo(options: { fresh?: boolean } = {}) {
  const { token } = useSession();
  return useQuery({ ...personInfoQuery, enabled: Boolean(token), ...(options.fresh ? { refetchOnMount: 'always' as const } : {}) });
}

/** Starts loading the user info before a page's first render (a logged-out visitor is sent to log in instead). */
export function prefetchPersonInfo(queryClient: QueryClient) {
  if (session.token()) void queryClient.prefetchQuery(personInfoQuery);
}
