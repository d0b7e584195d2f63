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

type CancelValues = z.input<typeof officeCancelSchema>;

function CancelFields({ policy, refundable, mailed }: { policy: string; refundable: string; mailed: boolean }) {
  const refund = useWatch<CancelValues>({ name: 'refund' });
  return (
    <>
      <ChoiceField<CancelValues>
        name="refund"
        label="Refund"
        direction="column"
        options={[
          { value: 'policy', label: `The policy's refund: ${formatWireUsd(policy)}` },
          { value: 'other', label: 'Another amount', description: `At most ${formatWireUsd(refundable)}, what the order's payments can still give back; 0 for none.` },
        ]}
      />
      {refund === 'other' && (
        <>
          <TextField<CancelValues> name="refund_amount" label="Refund (US$)" required inputMode="decimal" helper="e.g. 325.00" autoComplete="off" />
          <TextAreaField<CancelValues> name="reason" label="Reason" required rows={2} helper={mailed ? 'The delegate is told this reason; the order keeps it.' : 'The order keeps it.'} />
        </>
      )}
    </>
  );
}

export function CancelOrderCard({ detail }: { detail: OfficeOrderDetail }) {
  const queryClient = useQueryClient();
  const cancellation = detail.cancellation!;
  // An order kept after its account was deleted has nobody to write to.
  const mailed = !detail.account_deleted;
  const by = cancellation.method === 'transfer' ? ' by bank transfer (the office sends it and records it)' : cancellation.method === 'card' ? ' to the card' : '';
  return (
    <ActionCard<CancelValues>
      title="Cancel the order"
      description={`By the refund policy today, ${formatWireUsd(cancellation.refund_amount)} goes back${by}${
        cancellation.valid_until_text ? ` (this amount until ${cancellation.valid_until_text})` : ''
      }. The office may give another amount, with its reason. ${mailed ? 'The delegate is mailed.' : 'No mail is sent: the delegate deleted their account.'}`}
      resolver={zodResolver(officeCancelSchema, undefined, { raw: true }) as Resolver<CancelValues>}
      defaults={{ refund: 'policy', refund_amount: '', reason: '' }}
      fields={<CancelFields policy={cancellation.refund_amount} refundable={detail.refundable} mailed={mailed} />}
      submitLabel="Cancel the order"
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
