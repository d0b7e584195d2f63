/**
 * Catalog texts where no hook can be called: the office tables' column headers and cells are
 * defined once at module scope (office-table.tsx), so they render these small components.
 */
import type { MessageId, MessageValues } from '#core/i18n/messages';
import { formatInstant } from '#core/i18n/format';
import { registration2024 } from '#core/config/conference';
import { orderFieldText, type OrderFieldName } from '#core/orders/field-labels';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { useOrderLabels } from '../registration/labels';

/** A catalog text. */
export function Tx({ id, values }: { id: MessageId; values?: MessageValues }) {
  const t = useT();
  return <>{t(id, values)}</>;
}

/** An instant as the page's language writes it (China Standard Time). */
export function Instant({ value }: { value: string }) {
  const lang = useLang();
  return <>{formatInstant(lang, value)}</>;
}

/** A stored order field's value as the page's language writes it (orderFieldText's words, the wizard's rate and visit names). */
export function useOrderFieldText() {
  const t = useT();
  const labels = useOrderLabels();
  return (field: OrderFieldName, value: unknown): string => {
    const english = orderFieldText(field, value);
    if (field === 'rate') {
      const rate = registration2024.rates.find((r) => r.value === Number(value));
      return rate ? labels.rateChoice(rate) : english;
    }
    if (field === 'post_conference_activities_attach') {
      const activity = registration2024.postConferenceActivities.find((a) => a.value === Number(value));
      return activity ? labels.activity(activity) : english;
    }
    if (field === 'gender') return labels.gender(english);
    const id = fieldWords[english];
    return id && field !== 'phone_number_prefix' ? t(id) : english;
  };
}

const fieldWords: Record<string, MessageId> = { Yes: 'office.field.yes', No: 'office.field.no', None: 'office.field.none', Uploaded: 'office.field.uploaded' };

/** A server's English word or phrase in the page's language, when the catalogs hold it (else as it is). */
export function Localised({ text }: { text: string }) {
  const localise = useLocalise();
  return <>{localise(text)}</>;
}
