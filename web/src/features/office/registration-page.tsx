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
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
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
  const t = useT();
  const lang = useLang();
  if (files.length === 0) return <Text color="gray.700">{none}</Text>;
  return (
    <Stack as="ul" gap="4" listStyleType="none">
      {files.map((f) => (
        <Box as="li" key={f.id}>
          <FileLink file={f} />{' '}
          <Text as="span" fontSize="sm" color="gray.700">
            {t('office.registration.fileMeta', { kb: (f.size / 1024).toFixed(0), at: formatInstant(lang, f.uploaded_at) })}
          </Text>
          {isImage(f.name) && <Image src={f.url} alt={t('office.registration.fileAlt', { name: f.name })} maxW="min(100%, 32rem)" mt="2" borderWidth="1px" borderRadius="md" />}
        </Box>
      ))}
    </Stack>
  );
}

/** Column names of the money tables, by their English words. */
const headerIds: Record<string, MessageId> = {
  For: 'office.registration.colFor',
  Method: 'office.order.colMethod',
  State: 'office.order.colState',
  Amount: 'office.orders.colAmount',
  Started: 'office.order.colStarted',
  Received: 'office.dashboard.received',
  'Provider ids': 'office.registration.colProviderIds',
  Why: 'office.order.colWhy',
  Asked: 'office.order.colAsked',
  Done: 'office.order.colDone',
  'Provider id': 'office.registration.colProviderId',
  Name: 'office.delegates.colName',
  Relationship: 'office.registration.colRelationship',
  Organization: 'office.registration.organization',
  Country: 'office.orders.colCountry',
  'Gala dinner': 'office.registration.galaDinner',
  'Working dinner': 'office.registration.workingDinner',
};
const providerIds = (ids: Record<string, string | undefined>) =>
  Object.entries(ids)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k.replace('_', ' ')} ${v}`)
    .join('; ') || '-';

/** The payments and refunds of the fee and the dinners, as the order page lists an order's (oldest first). */
function Money({ r }: { r: OfficeRegistration }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const methodName = (m: string) => t('office.order.method', { method: m });
  const forName = (what: string) => (what === 'Dinners' ? t('office.registrations.colDinners') : what === 'Registration fee' ? t('office.registration.fee') : what);
  return (
    <Stack gap="3">
      <Text>
        {t('office.registration.moneyLine', {
          fee: formatMoney(r.register_fee),
          feeState: localise(r.pay_state),
          dinners: formatMoney(r.dinner_fee),
          dinnerState: r.dinner_fee > 0 || r.repast_status === 2 ? localise(r.repast_state) : t('office.registration.noneChosen'),
        })}
      </Text>
      {r.payments.length === 0 ? (
        <Text color="gray.700">{t('office.order.noPayment')}</Text>
      ) : (
        <ScrollTable label={t('office.registration.payments')} size="sm">
          <Table.Header>
            <Table.Row>
              {['For', 'Method', 'State', 'Amount', 'Started', 'Received', 'Provider ids'].map((h) => (
                <Table.ColumnHeader key={h} textAlign={h === 'Amount' ? 'end' : undefined}>
                  {t(headerIds[h]!)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {r.payments.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{forName(p.for)}</Table.Cell>
                <Table.Cell>{methodName(p.method)}</Table.Cell>
                <Table.Cell>
                  {t('office.order.paymentState', { state: p.state })}
                  {p.surplus && <Badge ms="2">{t('office.order.surplus', { surplus: p.surplus })}</Badge>}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(p.amount)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatInstant(lang, p.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{p.confirmed_at ? formatInstant(lang, p.confirmed_at) : '-'}</Table.Cell>
                <Table.Cell wordBreak="break-all" minW="12rem" fontSize="xs">
                  {providerIds(p.provider_ids)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {r.refunds.length > 0 && (
        <ScrollTable label={t('office.registration.refunds')} size="sm">
          <Table.Header>
            <Table.Row>
              {['For', 'Method', 'State', 'Amount', 'Why', 'Asked', 'Done', 'Provider id'].map((h) => (
                <Table.ColumnHeader key={h} textAlign={h === 'Amount' ? 'end' : undefined}>
                  {t(headerIds[h]!)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {r.refunds.map((x) => (
              <Table.Row key={x.id}>
                <Table.Cell>{forName(x.for)}</Table.Cell>
                <Table.Cell>{methodName(x.method)}</Table.Cell>
                <Table.Cell>{t('office.order.refundState', { state: x.state })}</Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(x.amount)}</Table.Cell>
                <Table.Cell>{x.reason}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatInstant(lang, x.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{x.done_at ? formatInstant(lang, x.done_at) : '-'}</Table.Cell>
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
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <ActionCard<DecisionValues>
      title={t('office.registration.decideTitle')}
      description={t('office.registration.decideDescription')}
      resolver={zodResolver(reviewDecisionBody, undefined, { raw: true }) as Resolver<DecisionValues>}
      defaults={{ decision: 'approve', reason: '', version: r.version }}
      fields={
        <>
          <ChoiceField<DecisionValues>
            name="decision"
            label={t('office.visa.decision')}
            direction="column"
            options={[
              { value: 'approve', label: t('office.registration.approve') },
              { value: 'reject', label: t('office.registration.reject'), description: t('office.registration.rejectDescription') },
            ]}
          />
          <TextAreaField<DecisionValues> name="reason" label={t('office.registration.reason')} rows={3} helper={t('office.registration.reasonHelper')} />
        </>
      }
      submitLabel={t('office.visa.save')}
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
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const [decided, setDecided] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['office', 'registration', owner], queryFn: () => officeApi.registration(owner) });
  if (detail.isPending) return <Text color="gray.700">{t('office.registration.loading')}</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('office.registration.loadFailed')} />;
  const r = detail.data;
  const g = r.registration;
  return (
    <Stack gap="8">
      <Stack gap="3" as="section" aria-label={t('office.registration.title')}>
        <Heading as="h2" size="xl">
          {r.register_code}
          {t('office.order.headingColon')}
          {r.name}
        </Heading>
        <Box>
          <Badge colorPalette={reviewPalette(r.register_status)} size="lg">
            {localise(r.review_state)}
          </Badge>
        </Box>
        <Facts
          facts={[
            [t('office.registration.account'), <SmartLink key="a" href={pathTo(paths.officeDelegate, { id: r.owner_id })}>{r.email}</SmartLink>],
            [t('office.registration.type'), localise(r.type_name)],
            [t('office.registration.fee'), formatMoney(r.register_fee)],
            [t('office.registration.feePaid'), localise(r.pay_state)],
            [t('office.registrations.colDinners'), t('office.registration.dinnersValue', { amount: formatMoney(r.dinner_fee), state: r.dinner_fee > 0 || r.repast_status === 2 ? localise(r.repast_state) : t('office.registration.noneChosen') })],
            [t('office.registration.registered'), formatInstant(lang, r.created_at)],
            [t('office.registration.handedIn'), formatInstant(lang, r.submitted_at)],
            ...(r.decided_at ? ([[t('office.registration.lastDecision'), t('office.registration.decidedBy', { at: formatInstant(lang, r.decided_at), by: r.decided_by ?? '' })]] as [string, ReactNode][]) : []),
            ...(r.review_reason ? ([[t('office.registration.reasonGiven'), r.review_reason]] as [string, ReactNode][]) : []),
          ]}
        />
      </Stack>
      {decided && (
        <FormAlert status="success" title={t('office.visa.decisionSaved')}>
          {localise(decided)}
        </FormAlert>
      )}
      {r.register_status === 1 && <DecisionCard r={r} onDecided={setDecided} />}
      <Section title={t('office.registration.personal')}>
        <Facts
          facts={[
            [t('office.delegates.colName'), [g.first_name, g.middle_initial, g.last_name].filter(Boolean).join(' ')],
            [t('office.registration.nickname'), g.nick_name],
            [t('office.delegate.occupation'), g.occupation],
            [t('office.registration.organization'), g.organization],
            [t('office.registration.country'), g.country],
            [t('office.delegate.mobile'), g.mobile],
            [t('office.registration.galaDinner'), g.gala_dinner],
            [t('office.registration.workingDinner'), g.working_lunch],
            ...(g.regiatration_type === 2 ? ([[t('office.registration.member'), g.oeso_member]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
      <Section title={t('office.registration.documents')}>
        <Files files={r.documents} none={g.regiatration_type === 2 ? t('office.registration.memberInstead') : t('office.registration.noDocument')} />
      </Section>
      <Section title={t('office.registration.money')}>
        <Money r={r} />
      </Section>
      <Section title={t('office.registration.voucher')}>
        <Files files={r.payment_voucher} none={t('office.registration.noVoucher')} />
      </Section>
      {g.accompany.length > 0 && (
        <Section title={t('office.registration.accompanying')}>
          <ScrollTable label={t('office.registration.accompanying')}>
            <Table.Header>
              <Table.Row>
                {['Name', 'Relationship', 'Organization', 'Country', 'Gala dinner', 'Working dinner'].map((h) => (
                  <Table.ColumnHeader key={h}>{t(headerIds[h]!)}</Table.ColumnHeader>
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
        <Section title={t('office.registration.group')}>
          <Facts
            facts={[
              [t('office.registration.groupName'), g.group_name],
              [t('office.registration.company'), g.company_represent],
              [t('office.registration.address'), [g.address_one, g.address_two].filter(Boolean).join(', ')],
              [t('office.registration.members'), String(g.groups.length)],
            ]}
          />
          <Stack as="ol" gap="1" ps="5">
            {g.groups.map((m, i) => (
              <li key={i}>
                {t('office.registration.memberLine', { name: [m.first_name, m.middle_initial, m.last_name].filter(Boolean).join(' '), gala: m.gala_dinner, working: m.working_lunch })}
              </li>
            ))}
          </Stack>
        </Section>
      )}
      <Section title={t('office.audit.history')}>
        <AuditTable entries={r.activity} label={t('office.registration.historyLabel')} />
      </Section>
    </Stack>
  );
}

export default function RegistrationPage() {
  const t = useT();
  const { owner = '' } = useParams();
  return (
    <OfficeFrame title={t('office.registration.title')}>
      <Stack gap="4">
        <SmartLink href={paths.officeRegistrations}>{t('office.registration.back')}</SmartLink>
        <RegistrationDetail owner={owner} />
      </Stack>
    </OfficeFrame>
  );
}
