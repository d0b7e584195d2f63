/**
 * One person's ticket on the delegate's order list and the office's order page: the QR code (or
 * the revocation), the name in its own script and in Latin, the role and what it admits to; on
 * the delegate's side the download of its one-page PDF.
 */
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { MessageId } from '#core/i18n/messages';
import { namesOf } from '#core/tickets/names';
import { ApiError, isCancelled } from '../../lib/api-client';
import { useT } from '../../i18n/i18n';
import { ticketApi, type TicketItem } from './api';
import { TicketQr } from './ticket-qr';

const roleIds: Record<TicketItem['role'], MessageId> = {
  delegate: 'tickets.role.delegate',
  accompanying: 'tickets.role.accompanying',
};

function Download({ ticket }: { ticket: TicketItem }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await ticketApi.pdf(ticket.order_id, ticket.person + 1);
      window.location.assign(url);
    } catch (e) {
      if (isCancelled(e)) return;
      setError(e instanceof ApiError ? e.message : t('tickets.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1" align="start">
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        onClick={() => void download()}
        loading={busy}
        loadingText={t('tickets.preparing')}
      >
        {t('tickets.download', { n: ticket.person + 1 })}
      </Button>
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function TicketCard({ ticket, download }: { ticket: TicketItem; download: boolean }) {
  const t = useT();
  const names = namesOf(ticket);
  const guest = ticket.person > 0;
  const shownName = [names.latin, names.native].filter(Boolean).join(' ');
  return (
    <Card.Root
      as="li"
      size="sm"
      variant="outline"
      data-testid="ticket"
      data-ticket={ticket.id}
      borderColor={ticket.revoked ? 'red.300' : undefined}
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{t('tickets.person', { n: ticket.person + 1 })}</Text>
          <Badge colorPalette={ticket.revoked ? 'red' : 'green'} size="md">
            {ticket.revoked ? t('tickets.revokedBadge') : t('tickets.valid')}
          </Badge>
        </HStack>
        {ticket.qr ? (
          <TicketQr
            text={ticket.qr}
            label={t('tickets.qrLabel', { name: shownName, n: ticket.person + 1, orderNo: ticket.order_no })}
          />
        ) : (
          <Text color="red.700" fontWeight="semibold" data-testid="ticket-revoked">
            {t('tickets.revoked')}
          </Text>
        )}
        <Stack gap="0">
          {guest ? (
            <Text fontWeight="semibold">{t('tickets.guestOf', { name: shownName })}</Text>
          ) : (
            <>
              {names.native && (
                <Text fontSize="xl" fontWeight="bold" lang="zh-Hans">
                  {names.native}
                </Text>
              )}
              {names.latin && (
                <Text fontSize={names.native ? 'md' : 'xl'} fontWeight="bold">
                  {names.latin}
                </Text>
              )}
            </>
          )}
          <Text fontSize="sm" color="gray.700">
            {t(roleIds[ticket.role])}
          </Text>
        </Stack>
        {/* A revoked ticket admits to nothing: no list of what it did. */}
        {!ticket.revoked && (
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="semibold">
              {t('tickets.admits')}
            </Text>
            <HStack as="ul" listStyleType="none" gap="1" wrap="wrap">
              {ticket.entitlement_names.map((e) => (
                <Badge as="li" key={e} variant="outline" colorPalette="gray" size="sm">
                  {t(`checkin.entitlement.${e}` as MessageId)}
                </Badge>
              ))}
            </HStack>
          </Stack>
        )}
        {download && !ticket.revoked && <Download ticket={ticket} />}
      </Card.Body>
    </Card.Root>
  );
}
