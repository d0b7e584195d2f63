import { routes } from '#core/routes';
import { paymentSettingsStore } from '#storage/payment-settings';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/payment_settings: the published bank account (with its version and who published it), or null. */
export const handler = defineDelegateHandler(routes.getPaymentSettings, {}, async () => {
  const account = await paymentSettingsStore.bankAccount();
  return { bank_account: account ?? null, version: account?.version ?? 0 };
});
