/**
 * /office/checkin: the doors as the office sees them (issue 34): counts per list, the check-in
 * devices (created with a name, lists and a validity; paired by a one-time QR the phone scans,
 * or its link; a new code; revoked after a confirmation) with their last sync, the latest scans,
 * and the conflict report a page at a time (the same ticket let in by two offline devices, a
 * revoked ticket let in before the device heard of it).
 */
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { CHECKIN_LISTS, checkinList } from '#core/checkin/lists';
import type { DeviceView } from '#core/checkin/devices';
import type { ScanLine } from '#core/checkin/office-view';
import type { MessageId } from '#core/i18n/messages';
import { formatInstant } from '#core/i18n/format';
import { langPrefix } from '#core/i18n/lang';
import { cstParts } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { serverNow } from '../../lib/clock';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import {
  checkinConflictsKey,
  checkinOverviewKey,
  officeCheckinApi,
  type CheckinOverview,
  type Pairing,
} from './checkin-api';
import { OfficeFrame } from './office-frame';

const listName = (id: string) => (checkinList(id)?.name ?? 'office.checkin.col.list') as MessageId;

function Counts({ lists }: { lists: CheckinOverview['lists'] }) {
  const t = useT();
  return (
    <Stack gap="3" as="section">
      <Heading as="h2" size="lg" id="checkin-counts">
        {t('office.checkin.counts')}
      </Heading>
      <ScrollTable label={t('office.checkin.counts')} size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('office.checkin.col.list')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('office.checkin.col.entries')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('office.checkin.col.reentries')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('office.checkin.col.duplicates')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('office.checkin.col.refused')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('office.checkin.col.conflicts')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lists.map((l) => (
            <Table.Row key={l.list}>
              <Table.Cell>{t(listName(l.list))}</Table.Cell>
              <Table.Cell textAlign="end">{l.entries}</Table.Cell>
              <Table.Cell textAlign="end">{l.reentries}</Table.Cell>
              <Table.Cell textAlign="end">{l.duplicates}</Table.Cell>
              <Table.Cell textAlign="end">{l.refused}</Table.Cell>
              <Table.Cell
                textAlign="end"
                fontWeight={l.conflicts ? 'bold' : undefined}
                color={l.conflicts ? 'red.700' : undefined}
              >
                {l.conflicts}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollTable>
    </Stack>
  );
}

const stateText: Record<string, MessageId> = {
  waiting: 'office.checkin.state.waiting',
  paired: 'office.checkin.state.paired',
  revoked: 'office.checkin.state.revoked',
  expired: 'office.checkin.state.expired',
};
const statePalette: Record<string, string> = {
  waiting: 'orange',
  paired: 'green',
  revoked: 'red',
  expired: 'gray',
};

/** The address the phone opens: the app, in the office's language, with the code after `#` (never sent to a server). */
const pairingUrl = (code: string, lang: keyof typeof langPrefix) =>
  `${window.location.origin}${langPrefix[lang]}${paths.checkin}#pair=${code}`;

function PairingCard({ pairing }: { pairing: Pairing }) {
  const t = useT();
  const lang = useLang();
  const url = pairingUrl(pairing.pairing_code, lang);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(url, { margin: 2, width: 280, errorCorrectionLevel: 'M' }))
      .then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Box
      as="section"
      aria-labelledby="checkin-pairing"
      borderWidth="2px"
      borderColor="brand.500"
      borderRadius="md"
      p="4"
      data-testid="pairing"
    >
      <Stack gap="3">
        <Heading as="h3" size="md" id="checkin-pairing">
          {t('office.checkin.pairingTitle', { name: pairing.device.name })}
        </Heading>
        <Text>
          {t('office.checkin.pairingLead', { at: formatInstant(lang, pairing.pairing_expires_at) })}
        </Text>
        {qr && (
          <Image
            src={qr}
            alt={t('office.checkin.pairingQr', { name: pairing.device.name })}
            width="280px"
            height="280px"
          />
        )}
        <Text fontWeight="semibold">{t('office.checkin.pairingLink')}</Text>
        <Link href={url} wordBreak="break-all" data-testid="pairing-link" color="brand.700">
          {url}
        </Link>
      </Stack>
    </Box>
  );
}

/** "YYYY-MM-DDTHH:MM" in Beijing, as a datetime-local field writes it. */
function beijingLocal(date: Date): string {
  const p = cstParts(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

function NewDevice({ onPairing }: { onPairing: (p: Pairing) => void }) {
  const t = useT();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [lists, setLists] = useState<string[]>([]);
  const [until, setUntil] = useState(() => beijingLocal(new Date(serverNow().getTime() + 3 * 86_400_000)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const { data } = await officeCheckinApi.createDevice({ name, lists, valid_until: `${until}:00+08:00` });
      onPairing(data);
      setName('');
      setLists([]);
      await queryClient.invalidateQueries({ queryKey: checkinOverviewKey });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        setFailure(error.message);
      } else throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box asChild borderWidth="1px" borderRadius="md" p="4">
      <form onSubmit={(e) => void submit(e)} aria-labelledby="checkin-new-device" noValidate>
        <Stack gap="4">
          <Heading as="h3" size="md" id="checkin-new-device">
            {t('office.checkin.newDevice')}
          </Heading>
          {failure && <FormAlert status="error">{localise(failure)}</FormAlert>}
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>{t('office.checkin.field.name')}</Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
            {errors.name && <Field.ErrorText>{localise(errors.name)}</Field.ErrorText>}
          </Field.Root>
          <Fieldset.Root invalid={Boolean(errors.lists)}>
            <Fieldset.Legend>{t('office.checkin.field.lists')}</Fieldset.Legend>
            <Stack gap="2" mt="2">
              {CHECKIN_LISTS.map((l) => (
                <Checkbox.Root
                  key={l.id}
                  checked={lists.includes(l.id)}
                  onCheckedChange={(c) =>
                    setLists((now) => (c.checked === true ? [...now, l.id] : now.filter((x) => x !== l.id)))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(l.name)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {errors.lists && <Fieldset.ErrorText>{localise(errors.lists)}</Fieldset.ErrorText>}
          </Fieldset.Root>
          <Field.Root invalid={Boolean(errors.valid_until)} required>
            <Field.Label>{t('office.checkin.field.validUntil')}</Field.Label>
            <Input
              type="datetime-local"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              maxW="16rem"
            />
            {errors.valid_until && <Field.ErrorText>{localise(errors.valid_until)}</Field.ErrorText>}
          </Field.Root>
          <Box>
            <Button type="submit" colorPalette="brand" loading={busy}>
              {t('office.checkin.create')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}

function Devices({ devices }: { devices: DeviceView[] }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [revoking, setRevoking] = useState<DeviceView | null>(null);
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const act = async (run: () => Promise<{ message: string }>) => {
    setMessage(null);
    try {
      const { message: text } = await run();
      setMessage({ status: 'success', text });
    } catch (error) {
      if (error instanceof ApiError) setMessage({ status: 'error', text: error.message });
      else throw error;
    }
    await queryClient.invalidateQueries({ queryKey: checkinOverviewKey });
  };
  return (
    <Stack gap="4" as="section">
      <Heading as="h2" size="lg" id="checkin-devices">
        {t('office.checkin.devices')}
      </Heading>
      {message && <FormAlert status={message.status}>{localise(message.text)}</FormAlert>}
      {pairing && <PairingCard pairing={pairing} />}
      {devices.length === 0 ? (
        <Text color="gray.700">{t('office.checkin.devicesNone')}</Text>
      ) : (
        <ScrollTable label={t('office.checkin.devices')} size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.checkin.col.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.state')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.lastSync')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.validUntil')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.lists')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {devices.map((d) => (
              <Table.Row key={d.id}>
                <Table.Cell fontWeight="semibold">{d.name}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statePalette[d.state] ?? 'gray'}>
                    {t(stateText[d.state] ?? 'office.checkin.state.expired')}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  {d.last_sync_at ? formatInstant(lang, d.last_sync_at) : t('office.checkin.never')}
                </Table.Cell>
                <Table.Cell>{formatInstant(lang, d.valid_until)}</Table.Cell>
                <Table.Cell>{d.lists.map((l) => t(listName(l))).join(', ')}</Table.Cell>
                <Table.Cell>
                  {d.state !== 'revoked' && (
                    <HStack gap="2" wrap="wrap">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('office.checkin.renew', { name: d.name })}
                        onClick={() =>
                          void act(async () => {
                            const r = await officeCheckinApi.renewPairing(d);
                            setPairing(r.data);
                            return r;
                          })
                        }
                      >
                        {t('office.checkin.renew', { name: d.name })}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(d)}>
                        {t('office.checkin.revoke', { name: d.name })}
                      </Button>
                    </HStack>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('office.checkin.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('office.checkin.revokeConfirm')}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          const device = revoking!;
          setRevoking(null);
          if (pairing?.device.id === device.id) setPairing(null);
          await act(() => officeCheckinApi.revoke(device));
        }}
      >
        {t('office.checkin.revokeBody')}
      </ConfirmDialog>
      <NewDevice onPairing={setPairing} />
    </Stack>
  );
}

const outcomeText: Record<ScanLine['outcome'], MessageId> = {
  entry: 'office.checkin.outcome.entry',
  reentry: 'office.checkin.outcome.reentry',
  duplicate: 'office.checkin.outcome.duplicate',
  refused: 'office.checkin.outcome.refused',
};
const conflictText: Record<NonNullable<ScanLine['conflict']>['kind'], MessageId> = {
  duplicate: 'office.checkin.conflict.duplicate',
  'revoked-admitted': 'office.checkin.conflict.revoked-admitted',
  'refused-admitted': 'office.checkin.conflict.refused-admitted',
};

function TicketCell({ line }: { line: ScanLine }) {
  if (!line.ticket_id) return <>{'—'}</>;
  return line.order_id ? (
    <SmartLink href={pathTo(paths.officeOrder, { id: line.order_id })}>{line.ticket_id}</SmartLink>
  ) : (
    <>{line.ticket_id}</>
  );
}

function Recent({ scans }: { scans: ScanLine[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <Stack gap="3" as="section">
      <Heading as="h2" size="lg" id="checkin-recent">
        {t('office.checkin.recent')}
      </Heading>
      {scans.length === 0 ? (
        <Text color="gray.700">{t('office.checkin.recentNone')}</Text>
      ) : (
        <ScrollTable label={t('office.checkin.recent')} size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.checkin.col.at')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.list')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.device')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.ticket')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.outcome')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.checkin.col.mode')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {scans.map((s) => (
              <Table.Row key={s.key}>
                <Table.Cell>{formatInstant(lang, s.at)}</Table.Cell>
                <Table.Cell>{t(listName(s.list))}</Table.Cell>
                <Table.Cell>{s.device_name}</Table.Cell>
                <Table.Cell>
                  <TicketCell line={s} />
                </Table.Cell>
                <Table.Cell>{t(outcomeText[s.outcome])}</Table.Cell>
                <Table.Cell>
                  {s.offline ? t('office.checkin.mode.offline') : t('office.checkin.mode.online')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </Stack>
  );
}

function Conflicts({ first }: { first: CheckinOverview['conflicts'] }) {
  const t = useT();
  const lang = useLang();
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const later = useQuery({
    queryKey: checkinConflictsKey(cursor ?? ''),
    queryFn: () => officeCheckinApi.conflicts(cursor!),
    enabled: cursor !== undefined,
  });
  const page = cursor === undefined ? first : later.data;
  return (
    <Stack gap="3" as="section">
      <Heading as="h2" size="lg" id="checkin-conflicts">
        {t('office.checkin.conflicts')}
      </Heading>
      <Text>{t('office.checkin.conflictsLead')}</Text>
      {later.isError && <QueryError error={later.error} onRetry={() => void later.refetch()} />}
      {page &&
        (page.items.length === 0 ? (
          <Text color="gray.700">{t('office.checkin.conflictsNone')}</Text>
        ) : (
          <ScrollTable label={t('office.checkin.conflicts')} size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('office.checkin.col.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.checkin.col.ticket')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.checkin.col.device')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.checkin.col.at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.checkin.col.first')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('office.checkin.col.list')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.items.map((s) => (
                <Table.Row key={s.key}>
                  <Table.Cell fontWeight="semibold" color="red.700">
                    {s.conflict ? t(conflictText[s.conflict.kind]) : null}
                  </Table.Cell>
                  <Table.Cell>
                    <TicketCell line={s} />
                  </Table.Cell>
                  <Table.Cell>{s.device_name}</Table.Cell>
                  <Table.Cell>{formatInstant(lang, s.at)}</Table.Cell>
                  <Table.Cell>
                    {s.conflict?.first
                      ? t('office.checkin.firstEntry', {
                          at: formatInstant(lang, s.conflict.first.at),
                          device: s.conflict.first.device_name,
                        })
                      : null}
                  </Table.Cell>
                  <Table.Cell>{t(listName(s.list))}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        ))}
      <HStack gap="4">
        {cursors.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => setCursors([])}>
            {t('office.checkin.firstPage')}
          </Button>
        )}
        {page?.next && (
          <Button variant="outline" size="sm" onClick={() => setCursors((c) => [...c, page.next!])}>
            {t('office.checkin.nextPage')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function Overview() {
  const t = useT();
  const overview = useQuery({
    queryKey: checkinOverviewKey,
    queryFn: officeCheckinApi.overview,
    refetchInterval: 15_000,
  });
  if (overview.isPending) return <Text color="gray.700">{t('office.checkin.loading')}</Text>;
  if (overview.isError)
    return (
      <QueryError
        error={overview.error}
        onRetry={() => void overview.refetch()}
        title={t('office.checkin.loadFailed')}
      />
    );
  const o = overview.data;
  return (
    <Stack gap="10">
      <Counts lists={o.lists} />
      <Devices devices={o.devices} />
      <Conflicts first={o.conflicts} />
      <Recent scans={o.recent} />
    </Stack>
  );
}

export default function CheckinOfficePage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.checkin.navLabel')}>
      <Overview />
    </OfficeFrame>
  );
}
