/**
 * The order form's words in the page's language: field labels (core/orders/field-labels.ts, by
 * their catalog ids), rates, visits and hotel rooms (named in the congress's configuration in
 * English, found in the catalogs by their code).
 */
import { formatMoney } from '#core/money';
import type { MessageId } from '#core/i18n/messages';
import { orderFieldLabelIds, type OrderFieldName } from '#core/orders/field-labels';
import { useT } from '../../i18n/i18n';

const genderIds: Record<string, MessageId> = { Female: 'registration.wizard.genderFemale', Male: 'registration.wizard.genderMale', Other: 'registration.wizard.genderOther' };
const rateIds: Record<string, MessageId> = { standard: 'registration.rate.standard', local: 'registration.rate.local' };

export function useOrderLabels() {
  const t = useT();
  return {
    field: (name: OrderFieldName) => t(orderFieldLabelIds[name]),
    rateName: (rate: { id: string; label: string }) => (rateIds[rate.id] ? t(rateIds[rate.id]!) : rate.label),
    /** "Standard rate: US$650.00" */
    rateChoice: (rate: { id: string; label: string; amount: number }) =>
      t('registration.wizard.rateChoice', { rate: rateIds[rate.id] ? t(rateIds[rate.id]!) : rate.label, amount: formatMoney(rate.amount) }),
    activity: (activity: { value: number; label: string }) => (activity.value === 1 || activity.value === 2 ? t(`registration.activity.${activity.value}`) : activity.label),
    gender: (g: string) => (genderIds[g] ? t(genderIds[g]!) : g),
    room: (room: { field: string; label: string }) => t(`registration.room.${room.field}` as MessageId),
  };
}
