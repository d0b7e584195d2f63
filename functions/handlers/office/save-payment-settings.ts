import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { publishBankAccount, savePaymentSettingsSchema } from '#core/office/payment-settings';
import { paymentSettingsStore } from '#storage/payment-settings';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /office/payment_settings { bank_account, base_version }: publishes the congress bank account (audited). */
export const handler = defineDelegateHandler(routes.savePaymentSettings, { body: savePaymentSettingsSchema }, async ({ auth, body, now }) =>
  replyWith(await publishBankAccount({ settings: paymentSettingsStore }, organiserActor(auth), body.bank_account, body.base_version, now)),
);
