/**
 * The answer at the door, big enough to read at arm's length in a crowded hall: green for "let
 * in", amber for "already admitted" (when and at which desk), red for every refusal; the person's
 * name in both scripts, and whether the phone answered alone (offline). One large button, in
 * reach of the thumb, goes on to the next scan.
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { cstDate, cstParts } from '#core/time';
import { checkinList } from '#core/checkin/lists';
import { admits, type ScanAnswer } from '#core/checkin/scan-rules';
import type { MessageId } from '#core/i18n/messages';
import { formatDay } from '#core/i18n/format';
import { useLang, useT } from '../../i18n/i18n';
import type { ScanOutcome } from './device-controller';

const pad = (n: number) => String(n).padStart(2, '0');

/** "08:02" today, the day and the time on another day. */
function useWhen(now: Date) {
  const lang = useLang();
  return (instant: string) => {
    const p = cstParts(instant);
    const time = `${pad(p.hour)}:${pad(p.minute)}`;
    return cstDate(instant) === cstDate(now) ? time : `${formatDay(lang, instant)} ${time}`;
  };
}

export function useAnswerText(now: Date) {
  const t = useT();
  const when = useWhen(now);
  return (answer: ScanAnswer, listId: string): string => {
    switch (answer.kind) {
      case 'admitted':
      case 'revoked':
      case 'invalid':
        return t(`checkin.answer.${answer.kind}`);
      case 'reentry':
      case 'already':
        return t(`checkin.answer.${answer.kind}`, {
          at: when(answer.first.at),
          device: answer.first.device_name,
        });
      case 'not-for-list':
        return t('checkin.answer.not-for-list', {
          list: t((checkinList(listId)?.name ?? 'checkin.app.list') as MessageId),
        });
      case 'other-edition':
        return t('checkin.answer.other-edition', { edition: answer.edition });
      case 'expired':
        return t('checkin.answer.expired', { day: answer.validUntil });
    }
  };
}

const looks = (answer: ScanAnswer) =>
  admits(answer)
    ? { bg: 'green.700', color: 'white', mark: '✓' }
    : answer.kind === 'already'
      ? { bg: 'orange.300', color: 'gray.950', mark: '!' }
      : { bg: 'red.700', color: 'white', mark: '✕' };

export function AnswerScreen({
  outcome,
  listId,
  now,
  onNext,
}: {
  outcome: ScanOutcome;
  listId: string;
  now: Date;
  onNext: () => void;
}) {
  const t = useT();
  const text = useAnswerText(now)(outcome.answer, listId);
  const look = looks(outcome.answer);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus(), [outcome.id]);
  const ticket = outcome.ticket;
  return (
    <Stack gap="4" data-testid="answer" data-answer={outcome.answer.kind}>
      <Box
        role="alert"
        bg={look.bg}
        color={look.color}
        borderRadius="lg"
        px="5"
        py="8"
        minH="14rem"
        display="flex"
        flexDirection="column"
        justifyContent="center"
        gap="3"
      >
        <Text aria-hidden fontSize="6xl" lineHeight="1" fontWeight="bold">
          {look.mark}
        </Text>
        <Text fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.15" fontWeight="bold">
          {text}
        </Text>
        {ticket && (
          <Stack gap="0">
            {ticket.chinese_name && (
              <Text fontSize="2xl" fontWeight="semibold" lang="zh-Hans">
                {ticket.chinese_name}
              </Text>
            )}
            <Text fontSize="2xl" fontWeight="semibold">
              {ticket.first_name} {ticket.last_name}
            </Text>
            <Text fontSize="lg">
              {t(`checkin.role.${ticket.role}`)} · {t('checkin.app.order', { orderNo: ticket.order_no })}
            </Text>
          </Stack>
        )}
        <Text fontSize="md">
          {outcome.local ? t('checkin.app.answeredOffline') : t('checkin.app.answeredOnline')}
        </Text>
      </Box>
      <Button
        ref={next}
        onClick={onNext}
        size="2xl"
        minH="16"
        width="full"
        colorPalette="brand"
        fontSize="xl"
      >
        {t('checkin.app.next')}
      </Button>
    </Stack>
  );
}
