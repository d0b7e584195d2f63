/**
 * /office/fapiao (issue 32, core/office/fapiao.ts): the paid orders whose delegate asked for a
 * fapiao, the oldest request first, with what the finance office needs (title, taxpayer ID, the
 * amount, the name in both scripts); once the finance office has issued one, the office enters
 * its number and marks it issued (audited; the delegate sees it on the order). The "issued" list
 * keeps them, with a mark that can be taken back if it was a mistake.
 */
import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { routes } from '#core/routes';
import { fapiaoNumberForm, type FapiaoNumberFormValues, type listFapiao, type markFapiao } from '#core/office/fapiao';
import { formatInstant } from '#core/i18n/format';
import { formatWireUsd } from '#core/money';
import { TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { callApi, callApiForMessage } from '../../lib/api-client';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { OfficeFrame } from './office-frame';
import { StaleList } from './stale-list';

type Status = 'requested' | 'issued';
type FapiaoPage = Awaited<ReturnType<typeof listFapiao>>;
type Row = FapiaoPage['rows'][number];
type Marked = Awaited<ReturnType<typeof markFapiao>>['data'];

const fapiaoApi = {
  list: (status: Status, cursor?: string) => callApi<FapiaoPage>(routes.listOfficeFapiao, { query: { status, cursor } }),
  mark: (row: Row, issued: boolean, number = '') =>
    callApiForMessage<Marked>(routes.markFapiao, { params: { id: row.id }, body: { issued, number, version: row.updated_at ?? '' }, concurrent: true }),
};

const fapiaoKeys = { all: ['office', 'fapiao'] as const, page: (status: Status, cursor: string) => ['office', 'fapiao', status, cursor] as const };

function IssueForm({ row, onDone }: { row: Row; onDone: (message: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<FapiaoNumberFormValues>({ resolver: zodResolver(fapiaoNumberForm, undefined, { raw: true }) as Resolver<FapiaoNumberFormValues>, defaultValues: { number: '' } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await fapiaoApi.mark(row, true, values.number);
      await queryClient.invalidateQueries({ queryKey: fapiaoKeys.all });
      onDone(answer.message);
    } catch (e) {
      const text = applyServerErrors(e, form.setError, ['number']);
      if (text) setError(text);
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('office.fapiao.markLabel', { orderNo: row.order_no })}>
        <TextField<FapiaoNumberFormValues> name="number" label={t('office.fapiao.number')} required autoComplete="off" helper={t('office.fapiao.numberHelp')} />
        {error && <FormAlert status="error">{error}</FormAlert>}
        <SubmitButton alignSelf="start" loading={form.formState.isSubmitting}>
          {t('office.fapiao.markIssued')}
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

function TakeBack({ row, onDone }: { row: Row; onDone: (message: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const takeBack = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await fapiaoApi.mark(row, false);
      await queryClient.invalidateQueries({ queryKey: fapiaoKeys.all });
      onDone(answer.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="2" align="start">
      {error && <FormAlert status="error">{error}</FormAlert>}
      <Button variant="outline" colorPalette="red" loading={busy} onClick={() => void takeBack()}>
        {t('office.fapiao.takeBack')}
      </Button>
    </Stack>
  );
}

function FapiaoCardOf({ row, status, onDone }: { row: Row; status: Status; onDone: (message: string) => void }) {
  const t = useT();
  const lang = useLang();
  const f = row.fapiao!;
  const name = [`${row.first_name} ${row.last_name}`.trim(), row.chinese_name].filter(Boolean).join(' · ');
  return (
    <Card.Root as="li">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="lg">
            <SmartLink href={pathTo(paths.officeOrder, { id: row.id })}>{t('office.fapiao.order', { orderNo: row.order_no })}</SmartLink>
          </Heading>
          {row.status !== 1 && <Badge colorPalette="red">{t('office.fapiao.orderNotPaid')}</Badge>}
        </HStack>
        <Text fontSize="sm" color="gray.700" wordBreak="break-all">
          {name}, {row.email}
        </Text>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="vertical" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="4">
          <DataList.Item>
            <DataList.ItemLabel>{t('office.fapiao.title')}</DataList.ItemLabel>
            <DataList.ItemValue>{f.title}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('office.fapiao.taxpayerId')}</DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono">{f.taxpayer_id}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('office.fapiao.amount')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatWireUsd(row.amount)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('office.fapiao.requestedAt')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatInstant(lang, f.requested_at)}</DataList.ItemValue>
          </DataList.Item>
          {f.issued && (
            <DataList.Item>
              <DataList.ItemLabel>{t('office.fapiao.issued')}</DataList.ItemLabel>
              <DataList.ItemValue>{t('office.fapiao.issuedText', { number: f.issued.number, at: formatInstant(lang, f.issued.at), by: f.issued.by })}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {status === 'requested' ? <IssueForm row={row} onDone={onDone} /> : <TakeBack row={row} onDone={onDone} />}
      </Card.Body>
    </Card.Root>
  );
}

function FapiaoList({ status }: { status: Status }) {
  const t = useT();
  const localise = useLocalise();
  const [params] = useSearchParams();
  const after = params.get('after') ?? undefined;
  const [done, setDone] = useState<string | null>(null);
  const page = useQuery({ queryKey: fapiaoKeys.page(status, after ?? ''), queryFn: () => fapiaoApi.list(status, after), placeholderData: keepPreviousData });
  if (page.isPending) return <Text color="gray.700">{t('office.fapiao.loading')}</Text>;
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} title={t('office.fapiao.loadFailed')} />;
  const { rows, next } = page.data;
  const base = `${paths.officeFapiao}?status=${status}`;
  return (
    <Stack gap="6">
      {done && <FormAlert status="success">{localise(done)}</FormAlert>}
      <StaleList stale={page.isPlaceholderData}>
        {rows.length === 0 ? (
          <Text aria-live="polite">{status === 'requested' ? t('office.fapiao.noneRequested') : t('office.fapiao.noneIssued')}</Text>
        ) : (
          <Stack as="ol" gap="6" listStyleType="none">
            {rows.map((row) => (
              <FapiaoCardOf key={row.id} row={row} status={status} onDone={setDone} />
            ))}
          </Stack>
        )}
        <HStack gap="6">
          {after && <SmartLink href={base}>{t('office.fapiao.firstPage')}</SmartLink>}
          {next && <SmartLink href={`${base}&${new URLSearchParams({ after: next })}`}>{t('office.fapiao.nextPage')}</SmartLink>}
        </HStack>
      </StaleList>
    </Stack>
  );
}

export default function FapiaoPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'issued' ? 'issued' : 'requested';
  return (
    <OfficeFrame title={t('office.fapiao.pageTitle')}>
      <Stack gap="6">
        <Text>{t('office.fapiao.intro')}</Text>
        <HStack as="nav" gap="2" aria-label={t('office.fapiao.pageTitle')}>
          {(['requested', 'issued'] as const).map((s) => (
            <Button key={s} size="sm" variant={s === status ? 'solid' : 'outline'} colorPalette="brand" aria-current={s === status ? 'page' : undefined} onClick={() => setParams({ status: s })}>
              {s === 'requested' ? t('office.fapiao.tabRequested') : t('office.fapiao.tabIssued')}
            </Button>
          ))}
        </HStack>
        <FapiaoList key={status} status={status} />
      </Stack>
    </OfficeFrame>
  );
}
