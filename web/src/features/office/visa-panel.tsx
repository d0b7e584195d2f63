/**
 * One order's visa review as the office works it (the queue's cards and the order page's
 * section): the passport data the delegate typed beside the passport scan (an image inline, a PDF
 * as a link), the review's state, the decision (approve, or ask the delegate to correct with a
 * message that is mailed), and the letters issued, newest first, with a new version on demand.
 */
import { Badge, Box, Button, DataList, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { visaDecisionBody } from '#core/office/schemas';
import type { VisaView } from '#core/office/visa-letters';
import { orderFieldLabelIds } from '#core/orders/field-labels';
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { orderStatusName } from './status-names';
import { ChoiceField, TextAreaField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ApiError } from '../../lib/api-client';
import { DocumentDownload } from '../documents/document-download';
import { ActionCard } from './action-card';
import { officeApi, secondFactorKey } from './api';

type DecisionValues = z.input<typeof visaDecisionBody>;

export const visaStatusText: Record<'pending' | 'approved' | 'correction-requested', MessageId> = { pending: 'office.visa.pending', approved: 'office.visa.approved', 'correction-requested': 'office.visa.correctionRequested' };
const statusPalette = { pending: 'orange', approved: 'green', 'correction-requested': 'red' } as const;

const passportLabels: [keyof VisaView['passport'], MessageId][] = (
  ['full_name_as_on_passport', 'gender', 'nationality', 'date_of_birth', 'passport_number', 'issue_date_of_passport', 'expiry_date_of_passport', 'for_visa_support_letter', 'other_info_required_by_chinese_embassy_for_visa_support'] as const
).map((field) => [field, orderFieldLabelIds[field]]);

const isImage = (name: string) => /\.(jpe?g|png)$/i.test(name);

function Scan({ v }: { v: VisaView }) {
  const t = useT();
  if (!v.scan) return <Text color="gray.700">{t('office.visa.noScan')}</Text>;
  return (
    <Stack gap="2">
      <SmartLink href={v.scan.url} target="_blank" rel="noopener noreferrer">
        {t('office.visa.openScan', { name: v.scan.name })}
      </SmartLink>
      {isImage(v.scan.name) && <Image src={v.scan.url} alt={t('office.visa.scanAlt', { name: v.passport.full_name_as_on_passport })} maxW="100%" borderWidth="1px" borderRadius="md" />}
    </Stack>
  );
}

function DecisionCard({ v, onDecided }: { v: VisaView; onDecided?: (message: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const pending = v.review?.status === 'pending';
  return (
    <ActionCard<DecisionValues>
      title={pending ? t('office.visa.decideTitle') : t('office.visa.askTitle')}
      description={
        pending
          ? t('office.visa.decideDescription')
          : t('office.visa.askDescription')
      }
      resolver={zodResolver(visaDecisionBody, undefined, { raw: true }) as Resolver<DecisionValues>}
      defaults={{ decision: pending ? 'approve' : 'correct', message: '', version: v.version }}
      fields={
        <>
          <ChoiceField<DecisionValues>
            name="decision"
            label={t('office.visa.decision')}
            direction="column"
            options={[
              ...(pending ? [{ value: 'approve', label: t('office.visa.approve') }] : []),
              { value: 'correct', label: t('office.visa.correct'), description: t('office.visa.correctDescription') },
            ]}
          />
          <TextAreaField<DecisionValues> name="message" label={t('office.visa.message')} rows={3} />
        </>
      }
      submitLabel={t('office.visa.save')}
      run={async (values) => {
        const answer = await officeApi.decideVisa(v.order_id, { ...values, version: v.version });
        // The card goes with the decided state (a decided order leaves the queue): the page keeps the answer.
        onDecided?.(answer.message);
        return answer;
      }}
      onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
    />
  );
}

function Letters({ v }: { v: VisaView }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  // The office session ended (12 hours idle): the frame asks for the code again.
  const onSessionEnded = (error: unknown) => {
    if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
  };
  const regenerate = useMutation({
    mutationFn: () => officeApi.regenerateVisaLetter(v.order_id, v.version),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['office'] }),
  });
  return (
    <Stack gap="3">
      {v.letters.length === 0 ? (
        <Text>{v.letter_refusal ? t('office.visa.noLetterBecause', { why: localise(v.letter_refusal) }) : t('office.visa.noLetter')}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {v.letters.map((l) => (
            <Box as="li" key={l.id}>
              <Stack gap="1">
                <Text>
                  {t('office.visa.letterLine', { version: String(l.version), at: formatInstant(lang, l.issued_at), file: l.file_name })}{' '}
                  {l.replaced_by ? <Badge>{t('office.visa.replaced')}</Badge> : <Badge colorPalette="green">{t('office.visa.current')}</Badge>}
                </Text>
                <DocumentDownload doc={l} owner={v.owner_id} onError={onSessionEnded} />
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {!v.letter_refusal && (
        <Box>
          <Button variant="outline" onClick={() => regenerate.mutate()} loading={regenerate.isPending}>
            {t('office.visa.regenerate')}
          </Button>
        </Box>
      )}
      {regenerate.isSuccess && (
        <FormAlert status="success" title={t('office.order.done')}>
          {regenerate.data.message}
        </FormAlert>
      )}
      {regenerate.isError && (
        <FormAlert status="error" title={t('office.action.notDone')}>
          {regenerate.error instanceof ApiError ? localise(regenerate.error.message) : t('office.action.requestFailure')}
        </FormAlert>
      )}
    </Stack>
  );
}

export function VisaPanel({ v, headingLevel = 'h3', onDecided }: { v: VisaView; headingLevel?: 'h2' | 'h3'; onDecided?: (message: string) => void }) {
  const t = useT();
  const lang = useLang();
  const sub = headingLevel === 'h2' ? 'h3' : 'h4';
  const status = v.review?.status ?? 'pending';
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Box>
          <Badge colorPalette={statusPalette[status]} size="lg">
            {t(visaStatusText[status])}
          </Badge>
        </Box>
        {v.review?.reviewed_at && (
          <Text fontSize="sm" color="gray.700">
            {t('office.visa.lastDecision', { at: formatInstant(lang, v.review.reviewed_at), by: v.review.reviewer ?? '' })}
          </Text>
        )}
        {v.review?.status === 'correction-requested' && <Text>{t('office.visa.asked', { message: v.review.message ?? '' })}</Text>}
        <Text fontSize="sm" color="gray.700">
          {t('office.visa.waitingSince', { since: v.review ? formatInstant(lang, v.review.pending_since) : '-', status: orderStatusName(t, v.status, v.status_name) })}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
        <Stack gap="2">
          <Heading as={sub} size="md">
            {t('office.visa.typed')}
          </Heading>
          <DataList.Root orientation="vertical" gap="2">
            {passportLabels.map(([field, label]) => (
              <DataList.Item key={field}>
                <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{v.passport[field] || '-'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
        <Stack gap="2">
          <Heading as={sub} size="md">
            {t('office.visa.scan')}
          </Heading>
          <Scan v={v} />
        </Stack>
      </SimpleGrid>
      {(status === 'pending' || status === 'approved') && v.status >= 0 && <DecisionCard key={v.version} v={v} onDecided={onDecided} />}
      <Stack gap="2">
        <Heading as={sub} size="md">
          {t('office.visa.letters')}
        </Heading>
        <Letters v={v} />
      </Stack>
    </Stack>
  );
}

/** The order page's section: the order's visa review and letters. */
export function OrderVisaSection({ id }: { id: string }) {
  const t = useT();
  const visa = useQuery({ queryKey: ['office', 'order-visa', id], queryFn: () => officeApi.orderVisa(id) });
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <Stack gap="3" as="section" aria-label={t('office.visa.section')}>
      <Heading as="h2" size="lg">
        {t('office.visa.section')}
      </Heading>
      {visa.isPending ? (
        <Text color="gray.700">{t('office.visa.loading')}</Text>
      ) : visa.isError ? (
        <QueryError error={visa.error} onRetry={() => void visa.refetch()} title={t('office.visa.loadFailed')} />
      ) : (
        <>
          {decided && (
            <FormAlert status="success" title={t('office.visa.decisionSaved')}>
              {decided}
            </FormAlert>
          )}
          <VisaPanel v={visa.data} headingLevel="h2" onDecided={setDecided} />
        </>
      )}
    </Stack>
  );
}
