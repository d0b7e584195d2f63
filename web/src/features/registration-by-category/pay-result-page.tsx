/**
 * /pay/{type}: where the card provider's checkout returns (spec section 2). `success` says Payment
 * Successful, anything else Payment Failed; both link to /admin/fee. On load the user info is read
 * again, and a success return first settles its checkout (POST /payment/confirm, the same
 * once-only fulfilment as the webhook: the delegate may be back before the provider's event).
 */
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { readAgain } from '../../lib/read-again';
import { personInfoKey } from '../account/api';
import { costDetailKey, registrationByCategoryApi } from './api';
import { useT } from '../../i18n/i18n';


type Outcome = { status: 'checking' } | { status: 'paid'; type: 1 | 2 } | { status: 'pending' } | { status: 'error'; message: string };

function useConfirm(success: boolean, sessionId: string | null): Outcome | null {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(success && sessionId ? { status: 'checking' } : null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The user info's first load may still be in flight, read before the payment: it is read again.
    const refresh = () => void readAgain(queryClient, personInfoKey, costDetailKey);
    if (!success || !sessionId) return refresh();
    registrationByCategoryApi
      .confirmPayment(sessionId)
      .then((r) => {
        const paid = r.type === 1 ? r.pay_status === 2 : r.repast_status === 2;
        setOutcome(paid ? { status: 'paid', type: r.type === 1 ? 1 : 2 } : { status: 'pending' });
      })
      .catch((error: unknown) => {
        if (!isCancelled(error)) setOutcome({ status: 'error', message: (error as Error).message });
      })
      .finally(refresh);
  }, [success, sessionId, queryClient]);
  return outcome;
}

export default function PayResultPage() {
  const { type } = useParams();
  const [params] = useSearchParams();
  const success = type === 'success';
  const t = useT();
  const outcome = useConfirm(success, params.get('session_id'));
  const title = success ? t('registration.payResult.success') : t('registration.payResult.failed');

  return (
    <Page title={title} width="narrow">
      <Card.Root>
        <Card.Body>
          <Stack gap="4" align="flex-start">
            <div aria-live="polite">
              {!success && <Text>{t('registration.payResult.notPaid')}</Text>}
              {outcome?.status === 'checking' && <Text>{t('registration.list.checkingPayment')}</Text>}
              {outcome?.status === 'paid' && <FormAlert status="success">{t('registration.payResult.received', { type: outcome.type === 1 ? 'fee' : 'dinners' })}</FormAlert>}
              {outcome?.status === 'pending' && <FormAlert status="info">{t('registration.payResult.pending')}</FormAlert>}
              {outcome?.status === 'error' && <FormAlert status="error">{outcome.message}</FormAlert>}
            </div>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.fee}>{t('registration.payResult.back')}</RouterLink>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
