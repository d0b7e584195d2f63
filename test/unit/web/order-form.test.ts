/**
 * The wizard's own checks (web/src/features/registration/order-form.ts): a shared schema's issue
 * goes on its field in the words the page gives it, a text with values included ("At most 3."),
 * so a Chinese page shows it in Chinese instead of the schema's English.
 */
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { registration2024 } from '#core/config/conference';
import { zhHans } from '#core/i18n/catalogs/zh-Hans/index';
import { isText, translator } from '#core/i18n/messages';
import { stepFields } from '#core/orders/schemas';
import { blankOrderForm, recheckField, validateStep, type OrderFormValues } from '../../../web/src/features/registration/order-form';

/** The part of react-hook-form's form the checks use, over plain values. */
function fakeForm(values: OrderFormValues) {
  const errors: Record<string, { message?: string }> = {};
  const form = {
    getValues: () => values,
    clearErrors: (names?: string | string[]) => {
      for (const n of names === undefined ? Object.keys(errors) : ([] as string[]).concat(names)) delete errors[n];
    },
    getFieldState: (name: string) => ({ error: errors[name] }),
    setError: (name: string, error: { message?: string }) => {
      errors[name] = error;
    },
  };
  return { form: form as unknown as UseFormReturn<FieldValues>, errors };
}

const t = translator('zh-Hans', zhHans);
const chinese = (issue: { message: string; params?: Record<string, unknown> }) => (isText(issue.params?.text) ? t(issue.params.text.id, issue.params.text.values) : issue.message);

describe("the wizard's own checks", () => {
  const tooMany = String(registration2024.maxAccompanyingPersons + 1);

  it('puts a text with values on its field in the words the page gives it', () => {
    const values = { ...blankOrderForm(), accompanying_person: tooMany };
    const { form, errors } = fakeForm(values);
    expect(validateStep(form, 2, chinese)).toBe(false);
    expect(errors.accompanying_person?.message).toBe(t('api.registration.atMost', { max: String(registration2024.maxAccompanyingPersons) }));
    expect(errors.accompanying_person?.message).toMatch(/[\p{Script=Han}]/u);
  });

  it('keeps the schema\'s English without a page language (the server\'s words)', () => {
    const { form, errors } = fakeForm({ ...blankOrderForm(), accompanying_person: tooMany });
    validateStep(form, 2);
    expect(errors.accompanying_person?.message).toBe(`At most ${registration2024.maxAccompanyingPersons}.`);
  });

  it('says it again in the same words when a marked field is checked as it changes', () => {
    const values = { ...blankOrderForm(), accompanying_person: tooMany };
    const { form, errors } = fakeForm(values);
    validateStep(form, 2, chinese);
    values.accompanying_person = String(registration2024.maxAccompanyingPersons + 2);
    recheckField(form, 2, 'accompanying_person', chinese);
    expect(errors.accompanying_person?.message).toBe(t('api.registration.atMost', { max: String(registration2024.maxAccompanyingPersons) }));
    values.accompanying_person = '0';
    recheckField(form, 2, 'accompanying_person', chinese);
    expect(errors.accompanying_person).toBeUndefined();
    expect(stepFields[2]).toContain('accompanying_person');
  });
});
