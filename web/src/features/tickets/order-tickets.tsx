/**
 * An order's tickets, one per person (issue 34): on the delegate's order list (with each ticket's
 * PDF) and on the office's order page. A cancelled order's tickets are shown revoked.
 */
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../components/query-error';
import { useT } from '../../i18n/i18n';
import { ticketApi, ticketKeys } from './api';
import { TicketCard } from './ticket-card';

interface Props {
  orderId: string;
  orderNo: string;
  /** The office's view (its own route); the delegate's otherwise, with the PDFs. */
  office?: boolean;
  /** The heading's level on the page. */
  headingLevel?: 'h2' | 'h3';
}

export function OrderTickets({ orderId, orderNo, office = false, headingLevel = 'h2' }: Props) {
  const t = useT();
  const tickets = useQuery({
    queryKey: office ? ticketKeys.office(orderId) : ticketKeys.order(orderId),
    queryFn: () => (office ? ticketApi.ofOfficeOrder(orderId) : ticketApi.ofOrder(orderId)),
  });
  return (
    <Stack gap="3" as="section" aria-label={t('tickets.groupLabel', { orderNo })} data-testid="order-tickets">
      <Heading as={headingLevel} size="md">
        {t('tickets.groupLabel', { orderNo })}
      </Heading>
      {!office && <Text color="gray.700">{t('tickets.lead')}</Text>}
      {tickets.isPending ? (
        <Text color="gray.700">{t('tickets.loading')}</Text>
      ) : tickets.isError ? (
        <QueryError error={tickets.error} title={t('tickets.loadFailed')} onRetry={() => void tickets.refetch()} />
      ) : tickets.data.tickets.length === 0 ? (
        <Text>{t('tickets.none')}</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {tickets.data.tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} download={!office} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
