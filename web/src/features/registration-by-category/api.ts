/** The calls of the registration by category (spec section 7), built from the route table. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CostDetail } from '#core/registration-by-category/cost-detail';
import type { confirmRegistrationPayment, CostDetailWithCancellation } from '#core/registration-by-category/pay-registration';
import type { UpdateRepastRequest } from '#core/registration-by-category/schemas';
import { routes } from '#core/routes';
import type { RegisterTypeFee } from '#core/registration-by-category/fees';
import type { register } from '#core/registration-by-category/register';
import type { RegistrationInput } from '#core/registration-by-category/schemas';
import { callApi, callApiForMessage } from '../../lib/api-client';

export type Registered = Awaited<ReturnType<typeof register>>['data'];
export type PaymentConfirmed = Awaited<ReturnType<typeof confirmRegistrationPayment>>['data'];
export type { CostDetail, CostDetailWithCancellation };

export const registrationByCategoryApi = {
  /** Every category with the price of the period in force; `message` says when registration is closed (prices null). */
  typeFees: () => callApiForMessage<RegisterTypeFee[]>(routes.getRegisterTypeFee),
  register: (body: RegistrationInput) => callApiForMessage<Registered>(routes.register, { body }),
  /** The cost detail with what cancelling gives back now (`cancellation`). */
  costDetail: () => callApi<CostDetailWithCancellation>(routes.getCostDetail),
  /** Cancels the registration; `expected_refund` is the refund the page showed (if it changed meanwhile, nothing happens). */
  cancel: (expected_refund: string) => callApiForMessage<{ refund_amount: string }>(routes.cancelRegistration, { body: { expected_refund } }),
  /** One dinner of one person; `concurrent`: a second change on another row must not cancel the first. */
  updateRepast: (body: UpdateRepastRequest) => callApiForMessage<CostDetail>(routes.updateRepast, { body, concurrent: true }),
  /** type 1 the registration fee, 2 the dinners: data.url, the card provider's checkout page. */
  payment: (type: 1 | 2) => callApi<{ url: string }>(routes.registrationPayment, { body: { type } }),
  confirmPayment: (sessionId: string) => callApi<PaymentConfirmed>(routes.confirmRegistrationPayment, { body: { session_id: sessionId } }),
  /** New proof for a rejected registration: the member number, or the documents' ids comma-joined (spec section 7). */
  uploadAgain: (card_message: string) => callApiForMessage<{ register_status: number }>(routes.uploadAgain, { body: { card_message } }),
  /** The payment voucher (an uploaded file's id), in the query as the spec's client sends it. */
  uploadVoucher: (payment_voucher: string) => callApiForMessage<{ payment_voucher: string }>(routes.uploadDocuments, { query: { payment_voucher }, body: {} }),
};

export const costDetailKey = ['cost-detail'] as const;

export const useCostDetail = (enabled: boolean) =>
  useQuery({ queryKey: costDetailKey, queryFn: registrationByCategoryApi.costDetail, enabled, refetchOnMount: 'always' });

const typeFeesQuery = queryOptions({
  queryKey: ['register-type-fee'] as const,
  queryFn: registrationByCategoryApi.typeFees,
  staleTime: 60_000,
});

export const useTypeFees = () => useQuery(typeFeesQuery);
