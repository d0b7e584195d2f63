/**
 * The audit log as the office shows it: a table of entries (action, who, when in CST, the object
 * linked to its office page where there is one, the values before and after), and
 * <AuditTrail type id />, everything the log says about one object (an account, an order, an
 * abstract, a file), for the object's own page.
 */
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#core/audit/audit';
import { auditMoney, moneyText } from '#core/audit/audit-money';
import { formatInstant } from '#core/i18n/format';
import type { Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { officeApi } from './api';

export const auditTrailKey = (type: string, id: string) => ['office', 'audit', type, id] as const;

const ownerOf = (e: AuditEntry) => (e.after?.owner_id ?? e.before?.owner_id) as string | undefined;

/** The office page of an entry's object, where there is one. */
export function objectHref(e: AuditEntry): string | undefined {
  const { type, id } = e.object;
  if (type === 'account') return pathTo(paths.officeDelegate, { id });
  if (type === 'order') return pathTo(paths.officeOrder, { id });
  // A payment or refund is shown with the order it is for (`subject`: "order:<id>").
  const subject = /^order:(.+)$/.exec(String(e.after?.subject ?? ''));
  if ((type === 'payment' || type === 'refund') && subject) return pathTo(paths.officeOrder, { id: subject[1]! });
  const owner = ownerOf(e);
  if (type === 'abstract' && owner && e.action !== 'abstract.deleted') return pathTo(paths.officeAbstract, { owner, id });
  // A file is shown on its owner's page.
  if (type === 'file' && owner) return pathTo(paths.officeDelegate, { id: owner });
  return undefined;
}

export const actorText = (a: AuditEntry['actor']) => (a.kind === 'delegate' || a.kind === 'organiser' ? `${a.kind} ${a.email ?? a.id}` : a.kind === 'command-line' ? `command line (${a.id})` : a.kind);

/** Who acted, in the page's language (actorText's words in English). */
const actorIn = (t: Translate, a: AuditEntry['actor']) =>
  a.kind === 'delegate' || a.kind === 'organiser' || a.kind === 'command-line'
    ? t('office.audit.actor', { kind: a.kind === 'command-line' ? 'cli' : a.kind, who: a.kind === 'command-line' ? a.id : (a.email ?? a.id) })
    : a.kind;

const shown = (t: Translate, v: unknown) => (v === null || v === undefined || v === '' ? t('office.audit.none') : typeof v === 'string' ? v : JSON.stringify(v));

/** "field: before -> after" for each value the entry names; money as an amount with its currency (core/audit/audit-money.ts). */
function Changes({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const value = (n: string, v: unknown) => {
    const money = auditMoney(entry, n, v);
    return money ? moneyText(money) : shown(t, v);
  };
  const names = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (names.length === 0 && !entry.reason) return <Text color="gray.700">-</Text>;
  return (
    <Stack gap="1" as="ul" listStyleType="none" fontSize="sm">
      {names.map((n) => (
        <Box as="li" key={n} wordBreak="break-word">
          <Text as="span" fontFamily="mono" fontSize="xs" bg="gray.100" px="1" rounded="sm">
            {n}
          </Text>{' '}
          {entry.before && n in entry.before && <Text as="span">{value(n, entry.before[n])} → </Text>}
          <Text as="span" fontWeight="medium">
            {entry.after && n in entry.after ? value(n, entry.after[n]) : t('office.audit.removed')}
          </Text>
        </Box>
      ))}
      {entry.reason && <Box as="li">{t('office.audit.reason', { reason: entry.reason })}</Box>}
    </Stack>
  );
}

export function AuditTable({ entries, label, showObject = true }: { entries: AuditEntry[]; label: string; showObject?: boolean }) {
  const t = useT();
  const lang = useLang();
  if (entries.length === 0) return <Text color="gray.700">{t('office.audit.noEntries')}</Text>;
  return (
    <ScrollTable label={label} size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.audit.colWhen')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.audit.colAction')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.audit.colWho')}</Table.ColumnHeader>
          {showObject && <Table.ColumnHeader>{t('office.audit.colObject')}</Table.ColumnHeader>}
          <Table.ColumnHeader>{t('office.audit.colChanges')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((e, i) => {
          const href = objectHref(e);
          return (
            <Table.Row key={`${e.at}-${e.action}-${e.object.id}-${i}`}>
              <Table.Cell minW="9rem">{formatInstant(lang, e.at)}</Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="sm">
                {e.action}
              </Table.Cell>
              <Table.Cell minW="10rem" wordBreak="break-all">
                {actorIn(t, e.actor)}
              </Table.Cell>
              {showObject && (
                <Table.Cell minW="8rem">
                  {href ? <SmartLink href={href}>{t('office.audit.objectType', { type: e.object.type })}</SmartLink> : t('office.audit.objectType', { type: e.object.type })}
                  <Text fontSize="xs" color="gray.700" wordBreak="break-all">
                    {e.object.id}
                  </Text>
                </Table.Cell>
              )}
              <Table.Cell minW="14rem">
                <Changes entry={e} />
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </ScrollTable>
  );
}

/** Everything the log says about one object, newest first. */
export function AuditTrail({ type, id, label }: { type: string; id: string; label?: string }) {
  const t = useT();
  const trail = useQuery({ queryKey: auditTrailKey(type, id), queryFn: () => officeApi.auditTrail(type, id) });
  if (trail.isPending) return <Text color="gray.700">{t('office.audit.loadingHistory')}</Text>;
  if (trail.isError) return <QueryError error={trail.error} onRetry={() => void trail.refetch()} title={t('office.audit.historyFailed')} />;
  return <AuditTable entries={trail.data.items} label={label ?? t('office.audit.history')} showObject={false} />;
}
