/** The registration pages' words in the catalogs stay the domain's English word for word (issue 32). */
import { describe, expect, it } from 'vitest';
import { en } from '#core/i18n/catalogs/en/index';
import { orderFieldLabelIds, orderFieldLabels, type OrderFieldName } from '#core/orders/field-labels';
import { orderMessages } from '#core/orders/messages';
import { orderResultMessages } from '#core/orders/order-deps';
import { refundPolicyLines } from '#core/orders/refund-policy';
import { registrationMessages, moneyMessages, voucherMessages } from '#core/registration-by-category/schemas';
import { byCategoryTexts } from '#core/registration-by-category/list-summary';
import { registerMessages } from '#core/registration-by-category/register';
import { serverTranslator } from '#core/i18n/server-messages';

const english = new Set(Object.values(en));

describe('the registration catalog', () => {
  it('holds every order field label under its id, word for word', () => {
    for (const [field, label] of Object.entries(orderFieldLabels)) expect(en[orderFieldLabelIds[field as OrderFieldName]], field).toBe(label);
  });
  it('holds the fixed messages the registration pages show', () => {
    const fixed = [orderMessages, orderResultMessages, registrationMessages, moneyMessages, voucherMessages, byCategoryTexts].flatMap((m) => Object.values(m).filter((v): v is string => typeof v === 'string'));
    for (const m of [...fixed, ...refundPolicyLines()]) expect(english.has(m), m).toBe(true);
  });
  it('says a message raised by id in the same English as before', () => {
    expect(serverTranslator('en')('api.registration.already', { code: 'OESO-000123' })).toBe(registerMessages.already('OESO-000123'));
  });
});
