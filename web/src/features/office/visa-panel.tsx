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
import { orderFieldLabels } from '#core/orders/field-labels';
import { formatCstInstant } from '#core/time';
import { ChoiceField, TextAreaField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ApiError } from '../../lib/api-client';
import { DocumentDownload } from '../documents/document-download';
import { ActionCard } from './action-card';
import { officeApi, secondFactorKey } from './api';

type DecisionValues = z.input<typeof visaDecisionBody>;

export const visaStatusText = { pending: 'Waiting for review', approved: 'Approved', 'correction-requested': 'Correction asked for' } as const;
const statusPalette = { pending: 'orange', approved: 'green', 'correction-requested': 'red' } as const;

const passportLabels: [keyof VisaView['passport'], string][] = (
  ['full_name_as_on_passport', 'gender', 'nationality', 'date_of_birth', 'passport_number', 'issue_date_of_passport', 'expiry_date_of_passport', 'for_visa_support_letter', 'other_info_required_by_chinese_embassy_for_visa_support'] as const
).map((field) => [field, orderFieldLabels[field]]);

const isImage = (name: string) => /\.(jpe?g|png)$/i.test(name);

function Scan({ v }: { v: VisaView }) {
  if (!v.scan) return <Text color="gray.700">No passport scan (none uploaded, or it was removed).</Text>;
  return (
    <Stack gap="2">
      <SmartLink href={v.scan.url} target="_blank" rel="noopener noreferrer">
        Open the passport scan ({v.scan.name})
      </SmartLink>
      {isImage(v.scan.name) && <Image src={v.scan.url} alt={`Passport front page of ${v.passport.full_name_as_on_passport} (uploaded by the delegate)`} maxW="100%" borderWidth="1px" borderRadius="md" />}
    </Stack>
  );
}

function DecisionCard({ v, onDecided }: { v: VisaView; onDecided?: (message: string) => void }) {
  const queryClient = useQueryClient();
  const pending = v.review?.status === 'pending';
  return (
    <ActionCard<DecisionValues>
      title={pending ? 'Decide the passport data' : 'Ask for a correction'}
      description={
        pending
          ? 'Approve: the letter is issued now if the order is paid, else when it is paid. Ask to correct: your message is mailed to the delegate, who corrects the data on the order list.'
          : 'The data is approved. If you find a mistake now, ask the delegate to correct it: your message is mailed to them.'
      }
      resolver={zodResolver(visaDecisionBody, undefined, { raw: true }) as Resolver<DecisionValues>}
      defaults={{ decision: pending ? 'approve' : 'correct', message: '', version: v.version }}
      fields={
        <>
          <ChoiceField<DecisionValues>
            name="decision"
            label="Decision"
            direction="column"
            options={[
              ...(pending ? [{ value: 'approve', label: 'Approve the passport data' }] : []),
              { value: 'correct', label: 'Ask the delegate to correct it', description: 'Say what is wrong; the delegate reads it in the mail and on the order list.' },
            ]}
          />
          <TextAreaField<DecisionValues> name="message" label="Message to the delegate (required to ask for a correction)" rows={3} />
        </>
      }
      submitLabel="Save the decision"
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
        <Text>No letter issued yet{v.letter_refusal ? `: ${v.letter_refusal}` : '.'}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {v.letters.map((l) => (
            <Box as="li" key={l.id}>
              <Stack gap="1">
                <Text>
                  Version {l.version}, issued {formatCstInstant(l.issued_at)}: {l.file_name}{' '}
                  {l.replaced_by ? <Badge>replaced</Badge> : <Badge colorPalette="green">current</Badge>}
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
            Issue a new version of the letter
          </Button>
        </Box>
      )}
      {regenerate.isSuccess && (
        <FormAlert status="success" title="Done">
          {regenerate.data.message}
        </FormAlert>
      )}
      {regenerate.isError && (
        <FormAlert status="error" title="Not done">
          {regenerate.error instanceof ApiError ? regenerate.error.message : 'request failure.'}
        </FormAlert>
      )}
    </Stack>
  );
}

export function VisaPanel({ v, headingLevel = 'h3', onDecided }: { v: VisaView; headingLevel?: 'h2' | 'h3'; onDecided?: (message: string) => void }) {
  const sub = headingLevel === 'h2' ? 'h3' : 'h4';
  const status = v.review?.status ?? 'pending';
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Box>
          <Badge colorPalette={statusPalette[status]} size="lg">
            {visaStatusText[status]}
          </Badge>
        </Box>
        {v.review?.reviewed_at && (
          <Text fontSize="sm" color="gray.700">
            Last decision {formatCstInstant(v.review.reviewed_at)} by {v.review.reviewer}
          </Text>
        )}
        {v.review?.status === 'correction-requested' && <Text>Asked: {v.review.message}</Text>}
        <Text fontSize="sm" color="gray.700">
          Waiting since {v.review ? formatCstInstant(v.review.pending_since) : '-'}; order {v.status_name}.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
        <Stack gap="2">
          <Heading as={sub} size="md">
            Typed by the delegate
          </Heading>
          <DataList.Root orientation="vertical" gap="2">
            {passportLabels.map(([field, label]) => (
              <DataList.Item key={field}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{v.passport[field] || '-'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
        <Stack gap="2">
          <Heading as={sub} size="md">
            Passport scan
          </Heading>
          <Scan v={v} />
        </Stack>
      </SimpleGrid>
      {(status === 'pending' || status === 'approved') && v.status >= 0 && <DecisionCard key={v.version} v={v} onDecided={onDecided} />}
      <Stack gap="2">
        <Heading as={sub} size="md">
          Letters
        </Heading>
        <Letters v={v} />
      </Stack>
    </Stack>
  );
}

/** The order page's section: the order's visa review and letters. */
export function OrderVisaSection({ id }: { id: string }) {
  const visa = useQuery({ queryKey: ['office', 'order-visa', id], queryFn: () => officeApi.orderVisa(id) });
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <Stack gap="3" as="section" aria-label="Visa letter">
      <Heading as="h2" size="lg">
        Visa letter
      </Heading>
      {visa.isPending ? (
        <Text color="gray.700">Loading the visa review...</Text>
      ) : visa.isError ? (
        <QueryError error={visa.error} onRetry={() => void visa.refetch()} title="The visa review could not be loaded." />
      ) : (
        <>
          {decided && (
            <FormAlert status="success" title="Decision saved">
              {decided}
            </FormAlert>
          )}
          <VisaPanel v={visa.data} headingLevel="h2" onDecided={setDecided} />
        </>
      )}
    </Stack>
  );
}
