/**
 * /office/delegates/:id: one delegate as the office sees them: the account (activated? last
 * login), their orders (each opens the office's order page), abstracts, files with download
 * links (organisers only, valid for a few minutes), and everything the audit log says about
 * them; "Resend the activation mail" while the account is not activated.
 */
import { Badge, Box, Button, DataList, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { OfficeDelegate } from '#core/office/delegates';
import { formatMoney } from '#core/money';
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { orderStatusName } from './status-names';
import { categoryNameOf } from '../abstracts/option-labels';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { officeApi } from './api';
import { AuditTable } from './audit-trail';
import { FileLink } from './file-link';
import { OfficeFrame } from './office-frame';

const purposeNames: Record<string, MessageId> = { abstract: 'office.delegate.purposeAbstract', poster: 'office.delegate.purposePoster', oral: 'office.delegate.purposeOral', passport: 'office.delegate.purposePassport' };

function ResendActivation({ id }: { id: string }) {
  const t = useT();
  const localise = useLocalise();
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  return (
    <Stack gap="3" align="start">
      <Button
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setOutcome(null);
          try {
            const r = await officeApi.resendActivation(id);
            setOutcome({ status: 'success', text: r.message });
            void queryClient.invalidateQueries({ queryKey: ['office', 'delegate', id] });
          } catch (error) {
            setOutcome({ status: 'error', text: error instanceof ApiError ? localise(error.message) : t('office.action.requestFailure') });
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('office.delegate.resend')}
      </Button>
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'success' ? t('office.delegate.sent') : t('office.delegate.notSent')}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

function Facts({ d }: { d: OfficeDelegate }) {
  const t = useT();
  const lang = useLang();
  const at = (instant: string) => formatInstant(lang, instant);
  const facts: [string, string][] = [
    [t('office.delegates.colEmail'), d.email],
    [t('office.orders.colCountry'), d.country || '-'],
    [t('office.delegate.organisation'), d.organization || '-'],
    [t('office.delegate.occupation'), d.occupation || '-'],
    [t('office.delegate.mobile'), d.mobile || '-'],
    [t('office.delegate.signedUp'), at(d.created_at)],
    [t('office.delegates.colActivated'), d.activated_at ? at(d.activated_at) : d.activated ? t('office.field.yes') : t('office.delegates.notYet')],
    [t('office.delegate.lastLogin'), d.last_login_at ? at(d.last_login_at) : t('office.delegates.never')],
    ...(d.deleted_at ? ([[t('office.delegate.deleted'), at(d.deleted_at)]] as [string, string][]) : []),
  ];
  return (
    <DataList.Root orientation="horizontal" size="md">
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="8rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Delegate({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const detail = useQuery({ queryKey: ['office', 'delegate', id], queryFn: () => officeApi.delegate(id) });
  if (detail.isPending) return <Text color="gray.700">{t('office.delegate.loading')}</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('office.delegate.loadFailed')} />;
  const d = detail.data;
  const titleOf = (abstractId: string | null) => d.abstracts.find((a) => a.id === abstractId)?.title_of_abstract;
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h2" size="xl">
          {d.deleted_at ? t('office.delegate.deletedAccount') : d.name || t('office.delegates.noName')}{' '}
          {!d.activated && !d.deleted_at && (
            <Badge colorPalette="orange" verticalAlign="middle">
              {t('office.delegate.notActivated')}
            </Badge>
          )}
        </Heading>
        <Facts d={d} />
        {d.name_source === 'order' && !d.deleted_at && (
          <Text color="gray.700" data-testid="name-from-order">
            {t('office.delegate.nameFromOrder')}
          </Text>
        )}
        {!d.activated && !d.deleted_at && <ResendActivation id={d.id} />}
      </Stack>

      <Section title={t('office.section.orders')}>
        {d.orders.length === 0 ? (
          <Text color="gray.700">{t('office.delegate.noOrder')}</Text>
        ) : (
          <ScrollTable label={t('office.section.orders')} size="sm" aria-label={t('office.section.orders')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('office.orders.colOrder')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.orders.colStatus')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('office.orders.colAmount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.delegate.colCreated')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.orders.map((o) => (
                <Table.Row key={o.id}>
                  <Table.Cell whiteSpace="nowrap">
                    <SmartLink href={pathTo(paths.officeOrder, { id: o.id })}>{o.order_no}</SmartLink>
                    <Text fontSize="xs" color="gray.700" fontFamily="mono">
                      {o.reference}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{orderStatusName(t, o.payment_status, o.status_name)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatMoney(o.amount_required)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatInstant(lang, o.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
      </Section>

      <Section title={t('office.section.abstracts')}>
        {d.abstracts.length === 0 ? (
          <Text color="gray.700">{t('office.delegate.noAbstract')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {d.abstracts.map((a) => (
              <Box as="li" key={a.id}>
                <SmartLink href={pathTo(paths.officeAbstract, { owner: d.id, id: a.id })}>{a.title_of_abstract}</SmartLink>
                <Text fontSize="sm" color="gray.700">
                  {t('office.delegate.abstractMeta', { category: categoryNameOf(t, a.abstract_category, a.abstract_category_name), at: formatInstant(lang, a.created_at) })}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('office.delegate.files')}>
        {d.files.length === 0 ? (
          <Text color="gray.700">{t('office.delegate.noFile')}</Text>
        ) : (
          <Stack gap="2">
            <Text fontSize="sm" color="gray.700">
              {t('office.delegate.linksExpire')}
            </Text>
            <Stack as="ul" gap="2" listStyleType="none">
              {d.files.map((f) => (
                <Box as="li" key={f.id}>
                  <Text as="span" fontWeight="medium">
                    {purposeNames[f.purpose] ? t(purposeNames[f.purpose]!) : f.purpose}
                    {t('office.delegate.colon')}
                  </Text>{' '}
                  <FileLink file={f} />
                  <Text fontSize="sm" color="gray.700">
                    {t('office.delegate.fileMeta', { kb: (f.size / 1024).toFixed(0), at: formatInstant(lang, f.uploaded_at) })}
                    {f.abstract_id
                      ? t('office.delegate.ofAbstract', { title: titleOf(f.abstract_id) ?? t('office.delegate.anAbstract') })
                      : f.purpose === 'abstract'
                        ? t('office.delegate.notSaved')
                        : ''}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Stack>
        )}
      </Section>

      <Section title={t('office.audit.history')}>
        <AuditTable entries={d.activity} label={t('office.delegate.historyLabel')} />
      </Section>
    </Stack>
  );
}

export default function DelegatePage() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <OfficeFrame title={t('office.orders.colDelegate')}>
      <Stack gap="4">
        <SmartLink href={paths.officeDelegates}>{t('office.delegate.back')}</SmartLink>
        <Delegate id={id} />
      </Stack>
    </OfficeFrame>
  );
}
