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
import { useLocalise, useT } from '../../i18n/i18n';

function Queue() {
  const t = useT();
  const localise = useLocalise();
  const [params] = useSearchParams();
  const after = params.get('after') ?? undefined;
  const [decided, setDecided] = useState<{ order: string; message: string } | null>(null);
  const page = useQuery({ queryKey: ['office', 'visa-queue', after ?? ''], queryFn: () => officeApi.visaQueue({ cursor: after }), placeholderData: keepPreviousData });
  if (page.isPending) return <Text color="gray.700">{t('office.visaQueue.loading')}</Text>;
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} title={t('office.visaQueue.loadFailed')} />;
  const { items, next } = page.data;
  return (
    <Stack gap="6">
      <Text>{t('office.visaQueue.lead')}</Text>
      {decided && (
        <FormAlert status="success" title={t('office.visaQueue.saved', { orderNo: decided.order })}>
          {localise(decided.message)}
        </FormAlert>
      )}
      <StaleList stale={page.isPlaceholderData}>
        {items.length === 0 ? (
          <Text aria-live="polite">{after ? t('office.visaQueue.noMore') : t('office.visaQueue.none')}</Text>
        ) : (
          <Stack as="ol" gap="6" listStyleType="none">
            {items.map((v) => (
              <Card.Root as="li" key={v.order_id}>
                <Card.Header>
                  <Heading as="h2" size="lg">
                    <SmartLink href={pathTo(paths.officeOrder, { id: v.order_id })}>{t('office.order.title', { orderNo: v.order_no })}</SmartLink>
                    {t('office.order.headingColon')}
                    {v.passport.full_name_as_on_passport || v.name}
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
          {after && <SmartLink href={paths.officeVisaLetters}>{t('office.table.firstPage')}</SmartLink>}
          {next && <SmartLink href={`${paths.officeVisaLetters}?${new URLSearchParams({ after: next })}`}>{t('office.table.nextPage')}</SmartLink>}
        </HStack>
      </StaleList>
    </Stack>
  );
}

export default function VisaLettersPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.section.visaLetters')}>
      <Queue />
    </OfficeFrame>
  );
}
