import { routes } from '#core/routes';
import { paymentSettingsStore } from '#storage/payment-settings';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration/bank_account: the congress account to transfer to, or null while the office has published none. */
export const handler = defineDelegateHandler(routes.getBankAccount, {}, async () => {
  const account = await paymentSettingsStore.bankAccount();
  if (!account) return { bank_account: null };
  const { published_by: _who, version: _v, ...shown } = account;
  return { bank_account: shown };
});
