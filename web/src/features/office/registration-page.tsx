/**
 * /office/registrations/:owner: one registration by category as the office reviews it: everything
 * the delegate gave (personal fields, type, member number, accompanying persons, group), the
 * documents and payment voucher (images shown, every file downloadable; links valid a few minutes),
 * and, while it waits for review, Approve or Reject with the reason mailed to the delegate. The
 * decision is made over the version shown: if the delegate or another organiser acted meanwhile,
 * the server says so and the page shows what is true now.
 */
import { Badge, Box, Heading, Image, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { formatMoney, formatWireUsd } from '#core/money';
import type { OfficeFile } from '#core/office/delegates';
import type { OfficeRegistration } from '#core/office/registrations';
import { reviewDecisionBody } from '#core/office/schemas';
import { formatCstInstant } from '#core/time';
import { ChoiceField, TextAreaField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { FactList } from '../../components/ui/fact-list';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { ActionCard } from './action-card';
import { officeApi } from './api';
import { AuditTable } from './audit-trail';
import { FileLink } from './file-link';
import { OfficeFrame } from './office-frame';
import { reviewPalette } from './registrations-page';

type DecisionValues = z.input<typeof reviewDecisionBody>;

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

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return <FactList facts={facts} />;
}

const isImage = (name: string) => /\.(jpe?g|png)$/i.test(name);

/** Images inline (the link opens the file), other files (PDF) as download links. */
function Files({ files, none }: { files: OfficeFile[]; none: string }) {
  if (files.length === 0) return <Text color="gray.700">{none}</Text>;
  return (
    <Stack as="ul" gap="4" listStyleType="none">
      {files.map((f) => (
        <Box as="li" key={f.id}>
          <FileLink file={f} />{' '}
          <Text as="span" fontSize="sm" color="gray.700">
            ({(f.size / 1024).toFixed(0)} KB, uploaded {formatCstInstant(f.uploaded_at)})
          </Text>
          {isImage(f.name) && <Image src={f.url} alt={`${f.name} (uploaded by the delegate)`} maxW="min(100%, 32rem)" mt="2" borderWidth="1px" borderRadius="md" />}
        </Box>
      ))}
    </Stack>
  );
}

const methodName = (m: string) => (m === 'card' ? 'Card' : 'Bank transfer');
const providerIds = (ids: Record<string, string | undefined>) =>
  Object.entries(ids)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k.replace('_', ' ')} ${v}`)
    .join('; ') || '-';

/** The payments and refunds of the fee and the dinners, as the order page lists an order's (oldest first). */
function Money({ r }: { r: OfficeRegistration }) {
  return (
    <Stack gap="3">
      <Text>
        Registration fee {formatMoney(r.register_fee)}: {r.pay_state}. Dinners {formatMoney(r.dinner_fee)}: {r.dinner_fee > 0 || r.repast_status === 2 ? r.repast_state : 'none chosen'}.
      </Text>
      {r.payments.length === 0 ? (
        <Text color="gray.700">No payment yet.</Text>
      ) : (
        <ScrollTable label="Payments of the registration" size="sm">
          <Table.Header>
            <Table.Row>
              {['For', 'Method', 'State', 'Amount', 'Started', 'Received', 'Provider ids'].map((h) => (
                <Table.ColumnHeader key={h} textAlign={h === 'Amount' ? 'end' : undefined}>
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {r.payments.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.for}</Table.Cell>
                <Table.Cell>{methodName(p.method)}</Table.Cell>
                <Table.Cell>
                  {p.state}
                  {p.surplus && <Badge ms="2">surplus: {p.surplus}</Badge>}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(p.amount)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatCstInstant(p.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{p.confirmed_at ? formatCstInstant(p.confirmed_at) : '-'}</Table.Cell>
                <Table.Cell wordBreak="break-all" minW="12rem" fontSize="xs">
                  {providerIds(p.provider_ids)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {r.refunds.length > 0 && (
        <ScrollTable label="Refunds of the registration" size="sm">
          <Table.Header>
            <Table.Row>
              {['For', 'Method', 'State', 'Amount', 'Why', 'Asked', 'Done', 'Provider id'].map((h) => (
                <Table.ColumnHeader key={h} textAlign={h === 'Amount' ? 'end' : undefined}>
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {r.refunds.map((x) => (
              <Table.Row key={x.id}>
                <Table.Cell>{x.for}</Table.Cell>
                <Table.Cell>{methodName(x.method)}</Table.Cell>
                <Table.Cell>{x.state}</Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(x.amount)}</Table.Cell>
                <Table.Cell>{x.reason}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatCstInstant(x.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{x.done_at ? formatCstInstant(x.done_at) : '-'}</Table.Cell>
                <Table.Cell wordBreak="break-all" fontSize="xs">
                  {x.provider_refund_id ?? '-'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </Stack>
  );
}

function DecisionCard({ r, onDecided }: { r: OfficeRegistration; onDecided: (message: string) => void }) {
  const queryClient = useQueryClient();
  return (
    <ActionCard<DecisionValues>
      title="Decide the review"
      description="Approve: the delegate may pay the registration fee. Reject: the delegate is asked to upload the documents (or the member number) again. Either way the delegate is mailed; a rejection's mail says the reason."
      resolver={zodResolver(reviewDecisionBody, undefined, { raw: true }) as Resolver<DecisionValues>}
      defaults={{ decision: 'approve', reason: '', version: r.version }}
      fields={
        <>
          <ChoiceField<DecisionValues>
            name="decision"
            label="Decision"
            direction="column"
            options={[
              { value: 'approve', label: 'Approve' },
              { value: 'reject', label: 'Reject', description: 'The reason below is mailed to the delegate and shown on their page.' },
            ]}
          />
          <TextAreaField<DecisionValues> name="reason" label="Reason (required to reject)" rows={3} helper="The delegate reads this, e.g. which document is missing or unreadable." />
        </>
      }
      submitLabel="Save the decision"
      run={async (v) => {
        const answer = await officeApi.decideRegistration(r.owner_id, { ...v, version: r.version });
        // The card goes with the decided state; the page keeps the answer.
        onDecided(answer.message);
        return answer;
      }}
      onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
    />
  );
}

function RegistrationDetail({ owner }: { owner: string }) {
  const [decided, setDecided] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['office', 'registration', owner], queryFn: () => officeApi.registration(owner) });
  if (detail.isPending) return <Text color="gray.700">Loading the registration...</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The registration could not be loaded." />;
  const r = detail.data;
  const g = r.registration;
  return (
    <Stack gap="8">
      <Stack gap="3" as="section" aria-label="Registration">
        <Heading as="h2" size="xl">
          {r.register_code}: {r.name}
        </Heading>
        <Box>
          <Badge colorPalette={reviewPalette(r.register_status)} size="lg">
            {r.review_state}
          </Badge>
        </Box>
        <Facts
          facts={[
            ['Account', <SmartLink key="a" href={pathTo(paths.officeDelegate, { id: r.owner_id })}>{r.email}</SmartLink>],
            ['Registration type', r.type_name],
            ['Registration fee', formatMoney(r.register_fee)],
            ['Fee paid', r.pay_state],
            ['Dinners', `${formatMoney(r.dinner_fee)} (${r.dinner_fee > 0 || r.repast_status === 2 ? r.repast_state : 'none chosen'})`],
            ['Registered', formatCstInstant(r.created_at)],
            ['Handed in for review', formatCstInstant(r.submitted_at)],
            ...(r.decided_at ? ([['Last decision', `${formatCstInstant(r.decided_at)} by ${r.decided_by ?? ''}`]] as [string, ReactNode][]) : []),
            ...(r.review_reason ? ([['Reason given', r.review_reason]] as [string, ReactNode][]) : []),
          ]}
        />
      </Stack>
      {decided && (
        <FormAlert status="success" title="Decision saved">
          {decided}
        </FormAlert>
      )}
      {r.register_status === 1 && <DecisionCard r={r} onDecided={setDecided} />}
      <Section title="Personal information">
        <Facts
          facts={[
            ['Name', [g.first_name, g.middle_initial, g.last_name].filter(Boolean).join(' ')],
            ['Nickname', g.nick_name],
            ['Occupation', g.occupation],
            ['Organization', g.organization],
            ['Country or region', g.country],
            ['Mobile', g.mobile],
            ['Gala dinner', g.gala_dinner],
            ['Working dinner', g.working_lunch],
            ...(g.regiatration_type === 2 ? ([['OESO member number', g.oeso_member]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title="Supporting documents">
        <Files files={r.documents} none={g.regiatration_type === 2 ? 'A member number instead of documents (above).' : 'No document.'} />
      </Section>
      <Section title="Payments and refunds">
        <Money r={r} />
      </Section>
      <Section title="Payment voucher">
        <Files files={r.payment_voucher} none="No payment voucher uploaded." />
      </Section>
      {g.accompany.length > 0 && (
        <Section title="Accompanying persons">
          <ScrollTable label="Accompanying persons">
            <Table.Header>
              <Table.Row>
                {['Name', 'Relationship', 'Organization', 'Country', 'Gala dinner', 'Working dinner'].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {g.accompany.map((a, i) => (
                <Table.Row key={i}>
                  <Table.Cell>{[a.first_name, a.middle_initial, a.last_name].filter(Boolean).join(' ')}</Table.Cell>
                  <Table.Cell>{a.relationship}</Table.Cell>
                  <Table.Cell>{a.organization}</Table.Cell>
                  <Table.Cell>{a.country}</Table.Cell>
                  <Table.Cell>{a.gala_dinner}</Table.Cell>
                  <Table.Cell>{a.working_lunch}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        </Section>
      )}
      {g.regiatration_type === 7 && (
        <Section title="Group">
          <Facts
            facts={[
              ['Group name', g.group_name],
              ['Company represented', g.company_represent],
              ['Address', [g.address_one, g.address_two].filter(Boolean).join(', ')],
              ['Members', String(g.groups.length)],
            ]}
          />
          <Stack as="ol" gap="1" ps="5">
            {g.groups.map((m, i) => (
              <li key={i}>
                {[m.first_name, m.middle_initial, m.last_name].filter(Boolean).join(' ')} (gala dinner {m.gala_dinner}, working dinner {m.working_lunch})
              </li>
            ))}
          </Stack>
        </Section>
      )}
      <Section title="History">
        <AuditTable entries={r.activity} label="History of the registration" />
      </Section>
    </Stack>
  );
}

export default function RegistrationPage() {
  const { owner = '' } = useParams();
  return (
    <OfficeFrame title="Registration">
      <Stack gap="4">
        <SmartLink href={paths.officeRegistrations}>Back to the registrations</SmartLink>
        <RegistrationDetail owner={owner} />
      </Stack>
    </OfficeFrame>
  );
}
