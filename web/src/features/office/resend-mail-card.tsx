/** One of the order's mails sent again to its delegate (made from the order as it is now). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { resendOrderMailSchema } from '#core/office/schemas';
import { ChoiceField } from '../../components/form/fields';
import { ActionCard } from './action-card';
import { officeApi, type OfficeOrderDetail } from './api';
import { useT } from '../../i18n/i18n';

type ResendValues = z.input<typeof resendOrderMailSchema>;

export function ResendMailCard({ detail }: { detail: OfficeOrderDetail }) {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <ActionCard<ResendValues>
      title={t('office.resend.title')}
      description={t('office.resend.description', { email: detail.order.owner_email ?? '' })}
      resolver={zodResolver(resendOrderMailSchema) as Resolver<ResendValues>}
      defaults={{ mail: detail.mails.at(-1)!.kind }}
      fields={<ChoiceField<ResendValues> name="mail" label={t('office.resend.mail')} direction="column" options={detail.mails.map((m) => ({ value: m.kind, label: t('office.mailKind', { kind: m.kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), label: m.label }) }))} />}
      submitLabel={t('office.resend.submit')}
      run={(v) => officeApi.resendOrderMail(detail.order.id, v.mail)}
      onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
    />
  );
}
