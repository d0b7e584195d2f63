/**
 * The office cancels an order: with the refund the policy gives today (as if the delegate
 * cancelled it), or with another amount, at most what the payments can still give back, and the
 * reason for it (the delegate's mail says it; the refund and the audit trail keep it).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { officeCancelSchema, toCents } from '#core/office/schemas';
import { cancelConfirmation } from '#core/office/confirmations';
import { formatWireUsd } from '#core/money';
import { ChoiceField, TextAreaField, TextField } from '../../components/form/fields';
import { ActionCard } from './action-card';
import { partyOf, refundMethodsOf } from './confirm-steps';
import { officeApi, type OfficeOrderDetail } from './api';
import { useT } from '../../i18n/i18n';

type CancelValues = z.input<typeof officeCancelSchema>;

function CancelFields({ policy, refundable, mailed }: { policy: string; refundable: string; mailed: boolean }) {
  const t = useT();
  const refund = useWatch<CancelValues>({ name: 'refund' });
  return (
    <>
      <ChoiceField<CancelValues>
        name="refund"
        label={t('office.cancel.refund')}
        direction="column"
        options={[
          { value: 'policy', label: t('office.cancel.policyRefund', { amount: formatWireUsd(policy) }) },
          { value: 'other', label: t('office.cancel.another'), description: t('office.cancel.atMost', { amount: formatWireUsd(refundable) }) },
        ]}
      />
      {refund === 'other' && (
        <>
          <TextField<CancelValues> name="refund_amount" label={t('office.cancel.refundAmount')} required inputMode="decimal" helper={t('office.cancel.refundHelper')} autoComplete="off" />
          <TextAreaField<CancelValues> name="reason" label={t('office.cancel.reason')} required rows={2} helper={mailed ? t('office.cancel.reasonMailed') : t('office.cancel.reasonKept')} />
        </>
      )}
    </>
  );
}

export function CancelOrderCard({ detail }: { detail: OfficeOrderDetail }) {
  const t = useT();
  const queryClient = useQueryClient();
  const cancellation = detail.cancellation!;
  // An order kept after its account was deleted has nobody to write to.
  const mailed = !detail.account_deleted;
  const by = cancellation.method === 'transfer' || cancellation.method === 'card' ? cancellation.method : 'none';
  return (
    <ActionCard<CancelValues>
      title={t('office.cancel.title')}
      description={t('office.cancel.description', {
        amount: formatWireUsd(cancellation.refund_amount),
        by,
        until: cancellation.valid_until_text ?? 'none',
        mailed: mailed ? 'yes' : 'no',
      })}
      resolver={zodResolver(officeCancelSchema, undefined, { raw: true }) as Resolver<CancelValues>}
      defaults={{ refund: 'policy', refund_amount: '', reason: '' }}
      fields={<CancelFields policy={cancellation.refund_amount} refundable={detail.refundable} mailed={mailed} />}
      submitLabel={t('office.cancel.title')}
      confirm={(v) =>
        cancelConfirmation(
          partyOf(detail),
          toCents(v.refund === 'other' ? (v.refund_amount ?? '0') : cancellation.refund_amount),
          refundMethodsOf(detail),
          v.refund === 'other' ? v.reason?.trim() : undefined,
        )
      }
      run={(v) => officeApi.cancelOrder(detail.order.id, v.refund === 'other' ? { refund: 'other', refund_amount: v.refund_amount, reason: v.reason } : { expected_refund: cancellation.refund_amount })}
      onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
    />
  );
}
