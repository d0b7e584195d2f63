import { routes } from '#core/routes';
import { bankAccountForDelegates } from '#core/office/payment-settings';
import { paymentSettingsStore } from '#storage/payment-settings';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration/bank_account: the congress account to transfer to, or null while the office has published none. */
export const handler = defineDelegateHandler(routes.getBankAccount, {}, async () => ({
  bank_account: bankAccountForDelegates(await paymentSettingsStore.bankAccount()),
}));
