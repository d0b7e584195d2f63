/** The calls of the registration by category (spec section 7), built from the route table. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { RegisterTypeFee } from '#core/registration-by-category/fees';
import type { register } from '#core/registration-by-category/register';
import type { RegistrationInput } from '#core/registration-by-category/schemas';
import { callApiForMessage } from '../../lib/api-client';

export type Registered = Awaited<ReturnType<typeof register>>['data'];

export const registrationByCategoryApi = {
  /** Every category with the price of the period in force; `message` says when registration is closed (prices null). */
  typeFees: () => callApiForMessage<RegisterTypeFee[]>(routes.getRegisterTypeFee),
  register: (body: RegistrationInput) => callApiForMessage<Registered>(routes.register, { body }),
  /** New proof for a rejected registration: the member number, or the documents' ids comma-joined (spec section 7). */
  uploadAgain: (card_message: string) => callApiForMessage<{ register_status: number }>(routes.uploadAgain, { body: { card_message } }),
  /** The payment voucher (an uploaded file's id), in the query as the spec's client sends it. */
  uploadVoucher: (payment_voucher: string) => callApiForMessage<{ payment_voucher: string }>(routes.uploadDocuments, { query: { payment_voucher }, body: {} }),
};

const typeFeesQuery = queryOptions({
  queryKey: ['register-type-fee'] as const,
  queryFn: registrationByCategoryApi.typeFees,
  staleTime: 60_000,
});

export const useTypeFees = () => useQuery(typeFeesQuery);
