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
import { formatCstInstant } from '#core/time';
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

const purposeNames: Record<string, string> = { abstract: 'Abstract PDF', poster: 'Poster', oral: 'Oral presentation', passport: 'Passport page' };

function ResendActivation({ id }: { id: string }) {
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
            setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : 'request failure.' });
          } finally {
            setBusy(false);
          }
        }}
      >
        Resend the activation mail
      </Button>
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'success' ? 'Sent' : 'Not sent'}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

function Facts({ d }: { d: OfficeDelegate }) {
  const facts: [string, string][] = [
    ['E-mail', d.email],
    ['Country', d.country || '-'],
    ['Organisation', d.organization || '-'],
    ['Occupation', d.occupation || '-'],
    ['Mobile', d.mobile || '-'],
    ['Signed up', formatCstInstant(d.created_at)],
    ['Activated', d.activated_at ? formatCstInstant(d.activated_at) : d.activated ? 'Yes' : 'Not yet'],
    ['Last login', d.last_login_at ? formatCstInstant(d.last_login_at) : 'Never'],
    ...(d.deleted_at ? ([['Account deleted', formatCstInstant(d.deleted_at)]] as [string, string][]) : []),
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
  const detail = useQuery({ queryKey: ['office', 'delegate', id], queryFn: () => officeApi.delegate(id) });
  if (detail.isPending) return <Text color="gray.700">Loading the delegate...</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The delegate could not be loaded." />;
  const d = detail.data;
  const titleOf = (abstractId: string | null) => d.abstracts.find((a) => a.id === abstractId)?.title_of_abstract;
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h2" size="xl">
          {d.deleted_at ? '(deleted account)' : d.name || '(no name yet)'}{' '}
          {!d.activated && !d.deleted_at && (
            <Badge colorPalette="orange" verticalAlign="middle">
              not activated
            </Badge>
          )}
        </Heading>
        <Facts d={d} />
        {d.name_source === 'order' && !d.deleted_at && (
          <Text color="gray.700" data-testid="name-from-order">
            The profile has no name yet: this is the name given in the newest order.
          </Text>
        )}
        {!d.activated && !d.deleted_at && <ResendActivation id={d.id} />}
      </Stack>

      <Section title="Orders">
        {d.orders.length === 0 ? (
          <Text color="gray.700">No registration order.</Text>
        ) : (
          <ScrollTable label="Orders" size="sm" aria-label="Orders">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Created (CST)</Table.ColumnHeader>
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
                  <Table.Cell>{o.status_name}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatMoney(o.amount_required)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatCstInstant(o.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
      </Section>

      <Section title="Abstracts">
        {d.abstracts.length === 0 ? (
          <Text color="gray.700">No abstract.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {d.abstracts.map((a) => (
              <Box as="li" key={a.id}>
                <SmartLink href={pathTo(paths.officeAbstract, { owner: d.id, id: a.id })}>{a.title_of_abstract}</SmartLink>
                <Text fontSize="sm" color="gray.700">
                  {a.abstract_category_name} · submitted {formatCstInstant(a.created_at)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Files">
        {d.files.length === 0 ? (
          <Text color="gray.700">No file.</Text>
        ) : (
          <Stack gap="2">
            <Text fontSize="sm" color="gray.700">
              Download links work for a few minutes; reload the page for new ones.
            </Text>
            <Stack as="ul" gap="2" listStyleType="none">
              {d.files.map((f) => (
                <Box as="li" key={f.id}>
                  <Text as="span" fontWeight="medium">
                    {purposeNames[f.purpose] ?? f.purpose}:
                  </Text>{' '}
                  <FileLink file={f} />
                  <Text fontSize="sm" color="gray.700">
                    {(f.size / 1024).toFixed(0)} KB · uploaded {formatCstInstant(f.uploaded_at)}
                    {f.abstract_id ? ` · of "${titleOf(f.abstract_id) ?? 'an abstract'}"` : f.purpose === 'abstract' ? ' · not saved with an abstract' : ''}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Stack>
        )}
      </Section>

      <Section title="History">
        <AuditTable entries={d.activity} label="History of the account, its orders, abstracts and files" />
      </Section>
    </Stack>
  );
}

export default function DelegatePage() {
  const { id = '' } = useParams();
  return (
    <OfficeFrame title="Delegate">
      <Stack gap="4">
        <SmartLink href={paths.officeDelegates}>Back to the delegates</SmartLink>
        <Delegate id={id} />
      </Stack>
    </OfficeFrame>
  );
}
