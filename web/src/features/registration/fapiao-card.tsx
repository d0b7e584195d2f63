/**
 * The order page's fapiao card (issue 32, core/orders/fapiao.ts): a delegate whose institution
 * needs a fapiao (发票) gives its title and taxpayer ID; the card says where the request stands
 * (asked for, issued with its number) and lets the delegate change or withdraw it until the
 * finance office has issued it. The form is checked as the server checks it (one schema).
 */
import { Badge, Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { fapiaoForm, type FapiaoFormValues } from '#core/orders/fapiao';
import { formatInstant } from '#core/i18n/format';
import { TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { orderApi, orderKeys, type OrderDetail } from './api';

type Order = OrderDetail['order'] & { updated_at: string };
type Outcome = { status: 'success' | 'error'; text: string } | null;

const fields = ['title', 'taxpayer_id'] as const;

function FapiaoForm({ order, onDone, onCancel }: { order: Order; onDone: (outcome: Outcome) => void; onCancel?: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const given = order.fapiao.fapiao;
  const form = useForm<FapiaoFormValues>({
    resolver: zodResolver(fapiaoForm, undefined, { raw: true }) as Resolver<FapiaoFormValues>,
    defaultValues: { title: given?.title ?? '', taxpayer_id: given?.taxpayer_id ?? '' },
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await orderApi.requestFapiao(order.id, { ...values, version: order.updated_at });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      onDone({ status: 'success', text: answer.message });
    } catch (e) {
      const text = applyServerErrors(e, form.setError, fields);
      if (text) setError(text);
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('registration.fapiao.title')}>
        <TextField<FapiaoFormValues> name="title" label={t('registration.fapiao.titleLabel')} required autoComplete="organization" helper={t('registration.fapiao.titleHelp')} />
        <TextField<FapiaoFormValues> name="taxpayer_id" label={t('registration.fapiao.taxpayerLabel')} required autoComplete="off" helper={t('registration.fapiao.taxpayerHelp')} />
        {error && (
          <FormAlert status="error" title={t('registration.fapiao.notSaved')}>
            {error}
          </FormAlert>
        )}
        <HStack gap="3" wrap="wrap">
          <SubmitButton loading={form.formState.isSubmitting}>{given ? t('registration.fapiao.saveChanges') : t('registration.fapiao.request')}</SubmitButton>
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              {t('registration.fapiao.keep')}
            </Button>
          )}
        </HStack>
      </FormStack>
    </FormProvider>
  );
}

export function FapiaoCard({ order }: { order: Order }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const { status, fapiao, open, message } = order.fapiao;
  // A cancelled order without a request has nothing to show.
  if (status === 'none' && !open) return null;
  const done = (o: Outcome) => {
    setEditing(false);
    setOutcome(o);
  };
  const withdraw = async () => {
    setWithdrawing(true);
    setOutcome(null);
    try {
      const answer = await orderApi.withdrawFapiao(order.id, order.updated_at);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      setOutcome({ status: 'success', text: answer.message });
    } catch (e) {
      setOutcome({ status: 'error', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setWithdrawing(false);
    }
  };
  return (
    <Card.Root as="section" aria-labelledby="fapiao-title">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title as="h2" id="fapiao-title">
            {t('registration.fapiao.title')}
          </Card.Title>
          {status !== 'none' && (
            <Badge colorPalette={status === 'issued' ? 'green' : 'blue'} size="lg">
              {status === 'issued' ? t('registration.fapiao.issuedBadge') : t('registration.fapiao.requestedBadge')}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
        {status === 'none' ? (
          <Stack gap="4">
            <Text color="gray.700">{t('registration.fapiao.intro')}</Text>
            {editing ? <FapiaoForm order={order} onDone={done} onCancel={() => setEditing(false)} /> : (
              <Button alignSelf="start" variant="outline" onClick={() => { setOutcome(null); setEditing(true); }}>
                {t('registration.fapiao.ask')}
              </Button>
            )}
          </Stack>
        ) : editing ? (
          <FapiaoForm order={order} onDone={done} onCancel={() => setEditing(false)} />
        ) : (
          <Stack gap="4">
            <DataList.Root orientation="horizontal" gap="3">
              <DataList.Item>
                <DataList.ItemLabel>{t('registration.fapiao.titleLabel')}</DataList.ItemLabel>
                <DataList.ItemValue>{fapiao!.title}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('registration.fapiao.taxpayerLabel')}</DataList.ItemLabel>
                <DataList.ItemValue fontFamily="mono">{fapiao!.taxpayer_id}</DataList.ItemValue>
              </DataList.Item>
              {fapiao!.issued && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('registration.fapiao.number')}</DataList.ItemLabel>
                  <DataList.ItemValue>{fapiao!.issued.number}</DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList.Root>
            <Text color="gray.700">
              {fapiao!.issued
                ? t('registration.fapiao.issuedOn', { date: formatInstant(lang, fapiao!.issued.at) })
                : t('registration.fapiao.requestedOn', { date: formatInstant(lang, fapiao!.requested_at) })}
            </Text>
            {open ? (
              <HStack gap="3" wrap="wrap">
                <Button variant="outline" onClick={() => { setOutcome(null); setEditing(true); }}>
                  {t('registration.fapiao.change')}
                </Button>
                <Button variant="ghost" colorPalette="red" loading={withdrawing} onClick={() => void withdraw()}>
                  {t('registration.fapiao.withdraw')}
                </Button>
              </HStack>
            ) : (
              message && <Text color="gray.700">{localise(message)}</Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
