/**
 * The programme's publication: a confirmation that lists what changed since the last publication
 * (or the problems that refuse it), the API's answer, and every published version, each readable
 * with its sessions and what it changed.
 */
import { Box, Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatInstant } from '#core/i18n/format';
import { bySessionOrder } from '#core/programme/model';
import { FormAlert } from '../../../components/form/form-alert';
import { QueryError } from '../../../components/query-error';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, isCancelled } from '../../../lib/api-client';
import { useLang, useLocalise, useT } from '../../../i18n/i18n';
import { draftKey, editorApi, publicationKey, publicationsKey, type DraftView } from './api';
import { cstClock } from './session-values';
import { typeIds } from './sessions';

type Result = { status: 'success' | 'error'; message: string; lines: string[] } | null;

export function Publishing({ view }: { view: DraftView }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const list = useQuery({ queryKey: publicationsKey, queryFn: editorApi.publications });
  const [reading, setReading] = useState<number | null>(null);
  const publish = async () => {
    setResult(null);
    try {
      const { message, data } = await editorApi.publish(view.programme.version);
      setResult({ status: 'success', message, lines: data.changes.map((c) => t(c.id, c.values)) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publicationsKey }),
        queryClient.invalidateQueries({ queryKey: draftKey }),
      ]);
    } catch (error) {
      if (isCancelled(error)) return;
      const api = error instanceof ApiError ? error : null;
      // Refused: the problems in the page's language (data.errors), or another member's change first (409: read again).
      setResult({
        status: 'error',
        message: localise(api ? api.message : 'request failure.'),
        lines: Object.values(api?.fieldErrors ?? {}),
      });
      if (api?.status === 409) await queryClient.invalidateQueries({ queryKey: draftKey });
    } finally {
      setConfirming(false);
    }
  };
  const blocked = view.problems.length > 0;
  return (
    <Card.Root as="section" aria-labelledby="editor-publishing">
      <Card.Header>
        <Card.Title as="h2" id="editor-publishing">
          {t('review.editor.publish.title')}
        </Card.Title>
        <Card.Description>
          {view.published
            ? t('review.editor.publish.latest', {
                number: String(view.published.number),
                at: formatInstant(lang, view.published.published_at),
              })
            : t('review.editor.publish.never')}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {result && (
            <FormAlert status={result.status} title={result.message}>
              {result.lines.length > 0 && (
                <List.Root ps="4" gap="1">
                  {result.lines.map((l, i) => (
                    <List.Item key={i}>{l}</List.Item>
                  ))}
                </List.Root>
              )}
            </FormAlert>
          )}
          <Box>
            <Button colorPalette="brand" onClick={() => setConfirming(true)}>
              {t('review.editor.publish.button')}
            </Button>
          </Box>
          <Text as="h3" fontWeight="semibold">
            {t('review.editor.publish.history')}
          </Text>
          {list.isPending ? (
            <Text color="gray.700">{t('review.editor.loading')}</Text>
          ) : list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <Text color="gray.700">{t('review.editor.publish.none')}</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={t('review.editor.publish.history')}>
              {list.data.items.map((p) => (
                <Box as="li" key={p.number} borderTopWidth="1px" borderColor="gray.200" pt="3">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Text>
                      {t('review.editor.publish.version', {
                        number: String(p.number),
                        at: formatInstant(lang, p.published_at),
                        sessions: p.sessions,
                        changes: p.changes,
                      })}
                    </Text>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-expanded={reading === p.number}
                      aria-controls={`version-${p.number}`}
                      aria-label={t(
                        reading === p.number
                          ? 'review.editor.publish.closeLabel'
                          : 'review.editor.publish.readLabel',
                        { number: String(p.number) },
                      )}
                      onClick={() => setReading(reading === p.number ? null : p.number)}
                    >
                      {reading === p.number
                        ? t('review.editor.publish.close')
                        : t('review.editor.publish.read')}
                    </Button>
                  </HStack>
                  {reading === p.number && <Version number={p.number} />}
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
        <ConfirmDialog
          open={confirming}
          title={t('review.editor.publish.confirmTitle')}
          confirmLabel={t('review.editor.publish.confirm')}
          confirmPalette="brand"
          confirmDisabled={blocked}
          onClose={() => setConfirming(false)}
          onConfirm={publish}
        >
          {blocked ? (
            <Stack gap="2">
              <Text id="publish-problems-lead">
                {t('review.editor.publish.blocked', { count: view.problems.length })}
              </Text>
              <ScrollList
                labelledBy="publish-problems-lead"
                items={view.problems.map((p) => t(p.text.id, p.text.values))}
              />
            </Stack>
          ) : !view.published ? (
            <Text>{t('review.editor.publish.first', { sessions: view.programme.sessions.length })}</Text>
          ) : view.changes.length === 0 ? (
            <Text>{t('review.editor.publish.unchanged', { number: String(view.published.number) })}</Text>
          ) : (
            <Stack gap="2">
              <Text id="publish-changes-lead">
                {t('review.editor.publish.changes', {
                  number: String(view.published.number),
                  count: view.changes.length,
                })}
              </Text>
              <ScrollList
                labelledBy="publish-changes-lead"
                items={view.changes.map((c) => t(c.id, c.values))}
              />
            </Stack>
          )}
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

/** One published version as it was published: its sessions by time, and what it changed. */
function Version({ number }: { number: number }) {
  const t = useT();
  const lang = useLang();
  const version = useQuery({
    queryKey: publicationKey(number),
    queryFn: () => editorApi.publication(number),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (version.isPending) return <Text color="gray.700">{t('review.editor.loading')}</Text>;
  if (version.isError) return <QueryError error={version.error} onRetry={() => void version.refetch()} />;
  const v = version.data;
  const roomOf = new Map(v.rooms.map((r) => [r.id, r.name]));
  return (
    <Stack id={`version-${number}`} gap="3" mt="3" ps={{ base: '0', md: '4' }}>
      <Text fontWeight="medium">{t('review.editor.publish.changesOf', { count: v.diff.lines.length })}</Text>
      {v.diff.lines.length > 0 && (
        <List.Root ps="4" gap="1">
          {v.diff.lines.map((l, i) => (
            <List.Item key={i}>{t(l.id, l.values)}</List.Item>
          ))}
        </List.Root>
      )}
      <Text fontWeight="medium">{t('review.editor.publish.sessionsOf', { count: v.sessions.length })}</Text>
      <List.Root ps="4" gap="1">
        {[...v.sessions].sort(bySessionOrder).map((s) => (
          <List.Item key={s.id}>
            {t('review.editor.publish.session', {
              day: formatInstant(lang, s.starts_at),
              end: cstClock(s.ends_at),
              type: t(typeIds[s.type]),
              title: s.title,
              hasRoom: s.room_id && roomOf.has(s.room_id) ? 'yes' : 'no',
              room: (s.room_id && roomOf.get(s.room_id)) || '',
              talks: s.talks.length + s.boards.length,
            })}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

/** A list that may be long: it scrolls in a region the keyboard can focus (so it scrolls without a mouse), named by its lead. */
function ScrollList({ labelledBy, items }: { labelledBy: string; items: string[] }) {
  return (
    <Box
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      maxH="50vh"
      overflowY="auto"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
    >
      <List.Root ps="4" gap="1">
        {items.map((item, i) => (
          <List.Item key={i}>{item}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
