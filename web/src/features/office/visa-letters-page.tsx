/**
 * /office/visa-letters: the passport data waiting for the office's review, oldest first (first
 * come, first served), ten a page. Each order shows the typed data beside the passport scan, with
 * Approve or Ask to correct; a decided order leaves the queue. An order's letters are on its page.
 */
import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { officeApi } from './api';
import { OfficeFrame } from './office-frame';
import { StaleList } from './stale-list';
import { VisaPanel } from './visa-panel';

function Queue() {
  const [params] = useSearchParams();
  const after = params.get('after') ?? undefined;
  const [decided, setDecided] = useState<{ order: string; message: string } | null>(null);
  const page = useQuery({ queryKey: ['office', 'visa-queue', after ?? ''], queryFn: () => officeApi.visaQueue({ cursor: after }), placeholderData: keepPreviousData });
  if (page.isPending) return <Text color="gray.700">Loading the passport data waiting for review...</Text>;
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} title="The visa letters queue could not be loaded." />;
  const { items, next } = page.data;
  return (
    <Stack gap="6">
      <Text>Orders with visa support asked for whose passport data waits for review, the longest waiting first. Compare the typed data with the scan, then approve it or ask the delegate to correct it.</Text>
      {decided && (
        <FormAlert status="success" title={`Order ${decided.order}: decision saved`}>
          {decided.message}
        </FormAlert>
      )}
      <StaleList stale={page.isPlaceholderData}>
        {items.length === 0 ? (
          <Text aria-live="polite">{after ? 'No more passport data waiting on this page.' : 'No passport data is waiting for review.'}</Text>
        ) : (
          <Stack as="ol" gap="6" listStyleType="none">
            {items.map((v) => (
              <Card.Root as="li" key={v.order_id}>
                <Card.Header>
                  <Heading as="h2" size="lg">
                    <SmartLink href={pathTo(paths.officeOrder, { id: v.order_id })}>Order {v.order_no}</SmartLink>: {v.passport.full_name_as_on_passport || v.name}
                  </Heading>
                  <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                    {v.name}, {v.email}
                  </Text>
                </Card.Header>
                <Card.Body>
                  <VisaPanel v={v} onDecided={(message) => setDecided({ order: v.order_no, message })} />
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
        <HStack gap="6">
          {after && <SmartLink href={paths.officeVisaLetters}>First page</SmartLink>}
          {next && <SmartLink href={`${paths.officeVisaLetters}?${new URLSearchParams({ after: next })}`}>Next page</SmartLink>}
        </HStack>
      </StaleList>
    </Stack>
  );
}

export default function VisaLettersPage() {
  return (
    <OfficeFrame title="Visa letters">
      <Queue />
    </OfficeFrame>
  );
}
