import { routes } from '#core/routes';
import { feeMessages, feePeriod, registerTypeFees } from '#core/registration-by-category/fees';
import { defineHandler, reply } from '#lib/http/handler';

/** GET /register_type_fee: the categories with the price of the period in force; after the last period, no prices and the closed message. */
export const handler = defineHandler(routes.getRegisterTypeFee, {}, async ({ now }) =>
  reply(registerTypeFees(now), feePeriod(now) ? 'success' : feeMessages.closed),
);
