/**
 * /checkin: the doors' app on a phone (issue 34). Paired by the office's one-time code (its QR is
 * the address `/checkin#pair=<code>`, opened or scanned here); then it syncs its copy, the desk
 * chooses the list and scans: camera, or search by name or order number. It keeps working
 * offline by itself (service worker, IndexedDB, signatures verified here) and says so in a banner
 * with the number of scans waiting to be sent.
 */
import { Alert, Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { checkinList } from '#core/checkin/lists';
import type { MessageId } from '#core/i18n/messages';
import type { Scanned } from '#core/checkin/scan-rules';
import { Page } from '../../components/page';
import { useT } from '../../i18n/i18n';
import { AnswerScreen } from './answer-screen';
import { CameraScanner } from './camera-scanner';
import { DeviceController, type DeviceState, type ScanOutcome } from './device-controller';
import { playAnswer, unlockSound } from './sound';
import { registerCheckinWorker } from './service-worker';
import { pairingCode } from './pairing-code';

const controller = new DeviceController();

function useDevice(): DeviceState {
  return useSyncExternalStore(controller.subscribe, controller.snapshot, controller.snapshot);
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * 3_600_000);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

function StatusBanner({ state }: { state: DeviceState }) {
  const t = useT();
  const offline = !state.reachable;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="device-status"
      bg={offline ? 'gray.900' : 'gray.100'}
      color={offline ? 'white' : 'gray.950'}
      borderRadius="md"
      px="4"
      py="3"
    >
      {offline && (
        <Text fontWeight="bold" fontSize="lg">
          {t('checkin.app.offline')}
        </Text>
      )}
      <Text
        fontWeight={state.queueLength ? 'bold' : 'normal'}
        data-testid="queue-length"
        data-count={state.queueLength}
      >
        {t('checkin.app.queue', { count: state.queueLength })}
      </Text>
      <Text fontSize="sm">
        {state.meta?.lastSyncAt
          ? t('checkin.app.lastSync', { at: clock(state.meta.lastSyncAt) })
          : t('checkin.app.neverSynced')}{' '}
        · {t('checkin.app.ticketsKnown', { count: state.ticketCount })}
      </Text>
    </Box>
  );
}

/** Pairing: a phone's first, or again after its pairing ended (then without the "not paired" heading). */
function Pairing({ state }: { state: DeviceState }) {
  const t = useT();
  const [camera, setCamera] = useState(false);
  return (
    <Stack gap="4">
      {!state.ended && (
        <Text fontSize="xl" fontWeight="bold">
          {t('checkin.app.unpaired')}
        </Text>
      )}
      <Text>{t('checkin.app.unpairedLead')}</Text>
      {state.pairError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('checkin.app.pairFailed')}</Alert.Title>
            {state.pairError !== 'unreachable' && <Alert.Description>{state.pairError}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {state.phase === 'pairing' ? (
        <Text role="status">{t('checkin.app.pairing')}</Text>
      ) : camera ? (
        <CameraScanner
          paused={false}
          onRead={(text) => {
            const code = pairingCode(text);
            if (code) {
              setCamera(false);
              void controller.pair(code);
            }
          }}
        />
      ) : (
        <Button size="2xl" minH="16" colorPalette="brand" onClick={() => setCamera(true)}>
          {t('checkin.app.scanPairing')}
        </Button>
      )}
    </Stack>
  );
}

function Search({ onPick }: { onPick: (ticketId: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const found = useMemo(() => controller.search(text), [text]);
  return (
    <Stack gap="3" as="section" aria-labelledby="checkin-search">
      <Field.Root>
        <Field.Label id="checkin-search" fontSize="lg">
          {t('checkin.app.search')}
        </Field.Label>
        <Input
          size="xl"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
        <Field.HelperText>{t('checkin.app.searchHint')}</Field.HelperText>
      </Field.Root>
      {text.trim().length >= 2 &&
        (found.length === 0 ? (
          <Text role="status">{t('checkin.app.noResults')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label={t('checkin.app.results')}>
            {found.map((ticket) => {
              const name = [ticket.chinese_name, `${ticket.first_name} ${ticket.last_name}`]
                .filter(Boolean)
                .join(' ');
              return (
                <li key={ticket.id}>
                  <Button
                    variant="outline"
                    size="xl"
                    minH="14"
                    width="full"
                    justifyContent="space-between"
                    whiteSpace="normal"
                    textAlign="start"
                    onClick={() => onPick(ticket.id)}
                    aria-label={t('checkin.app.admit', { name })}
                  >
                    <Text as="span">{name}</Text>
                    <Text as="span" fontSize="sm" color="gray.700">
                      {ticket.order_no}
                    </Text>
                  </Button>
                </li>
              );
            })}
          </Stack>
        ))}
    </Stack>
  );
}

function Scanning({ state }: { state: DeviceState }) {
  const t = useT();
  const meta = state.meta!;
  const [camera, setCamera] = useState(false);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const list = meta.list;

  const scan = async (scanned: Scanned) => {
    if (busy || !list) return;
    setBusy(true);
    try {
      const result = await controller.scan(scanned);
      playAnswer(DeviceController.admits(result.answer));
      setOutcome(result);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="5">
      <StatusBanner state={state} />
      {state.ended && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('checkin.app.deviceEnded')}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap="1">
        <Text fontWeight="semibold">{t('checkin.app.device', { name: meta.device.name })}</Text>
        {meta.device.lists.length === 0 && <Text>{t('checkin.app.noList')}</Text>}
        {meta.device.lists.length > 1 && (
          <Field.Root>
            <Field.Label>{t('checkin.app.list')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                value={list ?? ''}
                onChange={(e) => void controller.chooseList(e.target.value)}
              >
                {!list && <option value="" />}
                {meta.device.lists.map((id) => (
                  <option key={id} value={id}>
                    {t((checkinList(id)?.name ?? 'checkin.app.list') as MessageId)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {meta.device.lists.length === 1 && list && (
          <Text fontSize="lg" data-testid="current-list">
            {t((checkinList(list)?.name ?? 'checkin.app.list') as MessageId)}
          </Text>
        )}
      </Stack>
      {list && outcome && !state.ended && (
        <AnswerScreen
          outcome={outcome}
          listId={list}
          now={controller.now()}
          onNext={() => setOutcome(null)}
        />
      )}
      {list && !outcome && !state.ended && (
        <>
          {camera ? (
            <Stack gap="2">
              <CameraScanner
                paused={busy || outcome !== null}
                onRead={(text) => void scan({ via: 'qr', payload: text })}
              />
              <Button variant="outline" size="lg" onClick={() => setCamera(false)}>
                {t('checkin.app.stopCamera')}
              </Button>
            </Stack>
          ) : (
            <Button
              size="2xl"
              minH="16"
              fontSize="xl"
              colorPalette="brand"
              onClick={() => {
                unlockSound();
                setCamera(true);
              }}
            >
              {t('checkin.app.startCamera')}
            </Button>
          )}
          <Search
            onPick={(ticketId) => {
              unlockSound();
              void scan({ via: 'search', ticket_id: ticketId });
            }}
          />
        </>
      )}
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          size="lg"
          loading={state.syncing}
          loadingText={t('checkin.app.syncing')}
          onClick={() => void controller.sync()}
        >
          {t('checkin.app.syncNow')}
        </Button>
        {state.ended && (
          <Button variant="outline" size="lg" onClick={() => void controller.forget()}>
            {t('checkin.app.forget')}
          </Button>
        )}
      </HStack>
      {state.syncFailed && state.reachable && !state.ended && (
        <Text color="red.700">{t('checkin.app.syncFailed')}</Text>
      )}
    </Stack>
  );
}

export default function CheckinPage() {
  const t = useT();
  const state = useDevice();
  useEffect(() => {
    registerCheckinWorker();
    let stop: (() => void) | undefined;
    let live = true;
    void controller.start().then((s) => {
      if (!live) return s();
      stop = s;
      // An opened pairing link: the code is used at once and leaves the address (and the history).
      const code = pairingCode(window.location.pathname + window.location.hash);
      if (code) {
        history.replaceState(null, '', window.location.pathname + window.location.search);
        void controller.pair(code);
      }
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return (
    <Page title={t('checkin.app.title')} lead={t('checkin.app.lead')}>
      {/* Installable on the phone's home screen (React hoists it into <head>). */}
      <link rel="manifest" href="/checkin.webmanifest" />
      <Box maxW="34rem">
        {state.phase === 'loading' ? (
          <Text role="status">{t('checkin.app.loading')}</Text>
        ) : state.phase === 'ready' ? (
          <Stack gap="8">
            <Scanning state={state} />
            {state.ended && <Pairing state={state} />}
          </Stack>
        ) : (
          <Pairing state={state} />
        )}
      </Box>
    </Page>
  );
}
