/**
 * /office/audit: the audit log. One day (China Standard Time) newest first, 50 a page, filtered
 * by the start of the action (`order.`, `transfer.`, `account.`) and by who acted (an address, an
 * account id, or stripe / system / command-line); or everything about one object by its type and
 * id (an order also by its number or payment reference). The filters are in the address.
 * Nothing here changes an entry: no route can.
 */
import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { auditLogQuery, auditObjectParams } from '#core/office/schemas';
import { cstDate } from '#core/time';
import { useT } from '../../i18n/i18n';
import { SelectField, TextField } from '../../components/form/fields';
import { FormStack } from '../../components/form/form-stack';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { paths } from '../../config/paths';
import { serverNow } from '../../lib/clock';
import { officeApi } from './api';
import { AuditTable, AuditTrail, auditTrailKey } from './audit-trail';
import { OfficeFrame } from './office-frame';
import { StaleList } from './stale-list';

type LogValues = { day: string; action: string; actor: string };
type ObjectValues = { type: string; id: string };

const objectTypes = ['account', 'order', 'abstract', 'file', 'payment_settings'] as const;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function AuditLog() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const today = cstDate(serverNow());
  const day = params.get('day') || today;
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const after = params.get('after') ?? undefined;
  const object = params.get('type') && params.get('id') ? { type: params.get('type')!, id: params.get('id')! } : undefined;
  const filters = (next: Partial<Record<'day' | 'action' | 'actor' | 'after', string>>) =>
    Object.fromEntries(Object.entries({ day, action, actor, ...next }).filter(([, v]) => v)) as Record<string, string>;
  const to = (next: Partial<Record<'day' | 'action' | 'actor' | 'after', string>>) => `${paths.officeAudit}?${new URLSearchParams(filters(next)).toString()}`;

  const log = useQuery({
    queryKey: ['office', 'audit-log', day, action, actor, after ?? ''],
    queryFn: () => officeApi.auditLog({ day, action: action || undefined, actor: actor || undefined, cursor: after }),
    placeholderData: keepPreviousData,
    enabled: !object,
  });
  const logForm = useForm<LogValues>({ resolver: zodResolver(auditLogQuery, undefined, { raw: true }) as Resolver<LogValues>, values: { day, action, actor } });
  const objectForm = useForm<ObjectValues>({ resolver: zodResolver(auditObjectParams, undefined, { raw: true }) as Resolver<ObjectValues>, values: { type: object?.type ?? 'account', id: object?.id ?? '' } });

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <FormProvider {...logForm}>
          <FormStack gap="3" noValidate aria-label={t('office.audit.filterLog')} onSubmit={(e) => void logForm.handleSubmit((v) => setParams(filters({ day: v.day, action: v.action.trim(), actor: v.actor.trim(), after: '' })))(e)}>
            <TextField<LogValues> name="day" label={t('office.audit.day')} type="date" />
            <TextField<LogValues> name="action" label={t('office.audit.actionStarts')} helper={t('office.audit.actionHelper')} autoComplete="off" />
            <TextField<LogValues> name="actor" label={t('office.audit.colWho')} helper={t('office.audit.actorHelper')} autoComplete="off" />
            <HStack gap="3" wrap="wrap">
              <Button type="submit">{t('office.audit.showLog')}</Button>
            </HStack>
          </FormStack>
        </FormProvider>
        <FormProvider {...objectForm}>
          <FormStack gap="3" noValidate aria-label={t('office.audit.objectHistory')} onSubmit={(e) => void objectForm.handleSubmit((v) => setParams({ type: v.type, id: v.id.trim() }))(e)}>
            <SelectField<ObjectValues> name="type" label={t('office.audit.colObject')} options={objectTypes.map((value) => ({ value, label: t('office.audit.objectChoice', { type: value }) }))} placeholder={null} />
            <TextField<ObjectValues>
              name="id"
              label={t('office.audit.itsId')}
              helper={t('office.audit.itsIdHelper')}
              autoComplete="off"
            />
            <HStack gap="3" wrap="wrap">
              <Button type="submit" variant="outline">
                {t('office.audit.showHistory')}
              </Button>
            </HStack>
          </FormStack>
        </FormProvider>
      </SimpleGrid>

      {object ? (
        <Stack gap="3">
          <ObjectHeading type={object.type} id={object.id} />
          <Text>
            <SmartLink href={to({})}>{t('office.audit.backTo', { day })}</SmartLink>
          </Text>
          <AuditTrail type={object.type} id={object.id} label={t('office.audit.historyOf', { type: t('office.audit.objectType', { type: object.type }), id: object.id })} />
        </Stack>
      ) : log.isPending ? (
        <Text color="gray.700">{t('office.audit.loadingLog')}</Text>
      ) : log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} title={t('office.audit.logFailed')} />
      ) : (
        <StaleList stale={log.isPlaceholderData}>
          <Text aria-live="polite">
            {t('office.audit.summary', {
              entries: log.data.items.length === 0 ? 'none' : 'some',
              day,
              action: action || 'none',
              actor: actor || 'none',
              continued: after ? 'yes' : 'no',
            })}
          </Text>
          <AuditTable entries={log.data.items} label={t('office.section.audit')} />
          <HStack as="nav" aria-label={t('office.audit.pages')} gap="4" wrap="wrap">
            {after && <SmartLink href={to({ after: '' })}>{t('office.table.firstPage')}</SmartLink>}
            {log.data.cursor && <SmartLink href={to({ after: log.data.cursor })}>{t('office.audit.more')}</SmartLink>}
            <SmartLink href={to({ day: shiftDay(day, -1), after: '' })}>{t('office.audit.previousDay')}</SmartLink>
            {day < today && <SmartLink href={to({ day: shiftDay(day, 1), after: '' })}>{t('office.audit.nextDay')}</SmartLink>}
          </HStack>
        </StaleList>
      )}
    </Stack>
  );
}

/** Which object the history is about: an order named by its number is shown with its number and id. */
function ObjectHeading({ type, id }: { type: string; id: string }) {
  // The same query as the trail below (one request): its answer says which object the name found.
  const trail = useQuery({ queryKey: auditTrailKey(type, id), queryFn: () => officeApi.auditTrail(type, id) });
  const t = useT();
  const found = trail.data?.object;
  return (
    <Text data-testid="history-of">
      {t('office.audit.everythingAbout', { type: t('office.audit.objectType', { type }) })}{' '}
      {found?.order_no ? (
        <>
          <strong>{found.order_no}</strong> {t('office.audit.idOpen')}{' '}
          <Text as="span" fontFamily="mono" wordBreak="break-all">
            {found.id}
          </Text>
          {t('office.audit.idClose')}
        </>
      ) : (
        <Text as="span" fontFamily="mono" wordBreak="break-all">
          {id}
        </Text>
      )}
      {t('office.audit.newestFirst')}
    </Text>
  );
}

export default function AuditPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.section.audit')}>
      <AuditLog />
    </OfficeFrame>
  );
}
