/** One of the order's mails sent again to its delegate (made from the order as it is now). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { resendOrderMailSchema } from '#core/office/schemas';
import { ChoiceField } from '../../components/form/fields';
import { ActionCard } from './action-card';
import { officeApi, type OfficeOrderDetail } from './api';

type ResendValues = z.input<typeof resendOrderMailSchema>;

export function ResendMailCard({ detail }: { detail: OfficeOrderDetail }) {
  const queryClient = useQueryClient();
  return (
    <ActionCard<ResendValues>
      title="Send a mail again"
      description={`To ${detail.order.owner_email}, as it reads now (e.g. with the bank details published since). Each sending is in the audit trail.`}
      resolver={zodResolver(resendOrderMailSchema) as Resolver<ResendValues>}
      defaults={{ mail: detail.mails.at(-1)!.kind }}
      fields={<ChoiceField<ResendValues> name="mail" label="Mail" direction="column" options={detail.mails.map((m) => ({ value: m.kind, label: m.label }))} />}
      submitLabel="Send again"
      run={(v) => officeApi.resendOrderMail(detail.order.id, v.mail)}
      onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
    />
  );
}
