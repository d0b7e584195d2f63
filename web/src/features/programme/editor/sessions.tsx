/**
 * The sessions a congress day at a time (times in China Standard Time, the zone written): each with
 * its room, chairs, talks and boards and the draft's problems that concern it; added, changed and
 * deleted; a poster session's boards numbered by the API (boards.ts).
 */
import { Badge, Box, Button, Card, Checkbox, Flex, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDay } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import {
  bySessionOrder,
  congressDays,
  talkTimes,
  type Session,
  type SessionType,
} from '#core/programme/model';
import { cst, cstDate } from '#core/time';
import { FormAlert } from '../../../components/form/form-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLang, useT } from '../../../i18n/i18n';
import { editorApi, type DraftView } from './api';
import { OutcomeAlert } from './rooms';
import { SessionEditor } from './session-form';
import { abstractNames, problemsBySession } from './draft-lookups';
import { cstClock } from './session-values';
import { useDraftChange, type Outcome } from './use-draft';

export const typeIds: Record<SessionType, MessageId> = {
  plenary: 'programme.type.plenary',
  oral: 'programme.type.oral',
  poster: 'programme.type.poster',
  workshop: 'programme.type.workshop',
  break: 'programme.type.break',
  social: 'programme.type.social',
};

const OUTSIDE = 'outside';
const congressDaySet = new Set(congressDays.map((d) => d.day));

export function Sessions({ view }: { view: DraftView }) {
  const t = useT();
  const lang = useLang();
  const [day, setDay] = useState(congressDays[0]!.day);
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sessions = [...view.programme.sessions].sort(bySessionOrder);
  const outside = sessions.filter((s) => !congressDaySet.has(cstDate(s.starts_at)));
  const shown = day === OUTSIDE ? outside : sessions.filter((s) => cstDate(s.starts_at) === day);
  const problems = problemsBySession(view.problems);
  const names = abstractNames(view);
  const dayButtons = [
    ...congressDays.map((d) => ({ value: d.day, label: formatDay(lang, cst(d.day)) })),
    ...(outside.length ? [{ value: OUTSIDE, label: t('review.editor.sessions.outside') }] : []),
  ];
  return (
    <Card.Root as="section" aria-labelledby="editor-sessions">
      <Card.Header>
        <Card.Title as="h2" id="editor-sessions">
          {t('review.editor.sessions.title')}
        </Card.Title>
        <Card.Description>{t('review.editor.sessions.description')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Box role="group" aria-label={t('review.editor.sessions.days')}>
            <Flex gap="2" wrap="wrap">
              {dayButtons.map((d) => {
                const count =
                  d.value === OUTSIDE
                    ? outside.length
                    : sessions.filter((s) => cstDate(s.starts_at) === d.value).length;
                return (
                  <Button
                    key={d.value}
                    size="sm"
                    variant={d.value === day ? 'solid' : 'outline'}
                    aria-pressed={d.value === day}
                    onClick={() => {
                      setDay(d.value);
                      setAdding(false);
                    }}
                  >
                    {t('review.editor.sessions.day', { day: d.label, count })}
                  </Button>
                );
              })}
            </Flex>
          </Box>
          <OutcomeAlert outcome={outcome} />
          {adding ? (
            <Box borderWidth="1px" borderColor="brand.muted" rounded="md" p={{ base: '3', md: '4' }}>
              <Text as="h3" fontWeight="semibold" mb="3">
                {t('review.editor.sessions.add')}
              </Text>
              <SessionEditor
                view={view}
                day={day === OUTSIDE ? congressDays[0]!.day : day}
                onDone={(o) => {
                  // A refusal is shown in the form, beside what was typed.
                  setOutcome(o?.ok ? o : null);
                  if (o?.ok) {
                    setAdding(false);
                    const added = o.draft.programme.sessions.find(
                      (s) => !view.programme.sessions.some((x) => x.id === s.id),
                    );
                    if (added && congressDaySet.has(cstDate(added.starts_at)))
                      setDay(cstDate(added.starts_at));
                  }
                }}
                onCancel={() => setAdding(false)}
              />
            </Box>
          ) : (
            <Box>
              <Button colorPalette="brand" size="sm" onClick={() => setAdding(true)}>
                {t('review.editor.sessions.add')}
              </Button>
            </Box>
          )}
          {shown.length === 0 ? (
            <Text color="gray.700">{t('review.editor.sessions.none')}</Text>
          ) : (
            shown.map((s) => (
              <SessionCard
                key={s.id}
                session={s}
                view={view}
                problems={problems.get(s.id) ?? []}
                names={names}
                onOutcome={setOutcome}
              />
            ))
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SessionCard(props: {
  session: Session;
  view: DraftView;
  problems: DraftView['problems'];
  names: ReturnType<typeof abstractNames>;
  onOutcome: (o: Outcome) => void;
}) {
  const { session: s, view, names } = props;
  const t = useT();
  const lang = useLang();
  const change = useDraftChange();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [addUnplaced, setAddUnplaced] = useState(false);
  const [numbering, setNumbering] = useState(false);
  const [local, setLocal] = useState<Outcome>(null);
  const room = view.programme.rooms.find((r) => r.id === s.room_id);
  const headingId = `session-${s.id}`;
  const title = lang === 'zh-Hans' && s.title_zh ? s.title_zh : s.title;
  const times = talkTimes(s);
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      variant="outline"
      borderColor={props.problems.length ? 'orange.400' : undefined}
    >
      <Card.Body p={{ base: '3', md: '5' }}>
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {t('review.editor.sessions.time', {
                start: cstClock(s.starts_at),
                end: cstClock(s.ends_at),
                day: formatDay(lang, s.starts_at),
              })}
            </Text>
            <Badge colorPalette={s.type === 'poster' ? 'green' : s.type === 'oral' ? 'blue' : 'gray'}>
              {t(typeIds[s.type])}
            </Badge>
            <Text color="gray.700">
              {room
                ? room.name
                : s.room_id
                  ? t('review.editor.sessions.roomGone')
                  : t('review.editor.sessions.noRoom')}
            </Text>
          </HStack>
          <Text as="h3" fontSize="lg" fontWeight="semibold" id={headingId}>
            {title}
          </Text>
          {s.chairs.length > 0 && (
            <Text fontSize="sm" color="gray.700">
              {t('review.editor.sessions.chairs', {
                names: s.chairs
                  .map((c) =>
                    'name' in c ? c.name : t('review.editor.sessions.chairAccount', { id: c.account_id }),
                  )
                  .join(', '),
              })}
            </Text>
          )}
          {props.problems.length > 0 && (
            <FormAlert
              status="warning"
              title={t('review.editor.sessions.problems', { count: props.problems.length })}
            >
              <List.Root ps="4" gap="1">
                {props.problems.map((p, i) => (
                  <List.Item key={i}>{t(p.text.id, p.text.values)}</List.Item>
                ))}
              </List.Root>
            </FormAlert>
          )}
          {editing ? (
            <SessionEditor
              view={view}
              session={s}
              day={cstDate(s.starts_at)}
              onDone={(o) => {
                props.onOutcome(o?.ok ? o : null);
                if (o?.ok) setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              {s.talks.length > 0 && (
                <List.Root
                  as="ol"
                  ps="5"
                  gap="1"
                  aria-label={t('review.editor.talks.listOf', { session: title })}
                >
                  {s.talks.map((talk, i) => (
                    <List.Item key={talk.abstract_id}>
                      {t('review.editor.talks.item', {
                        start: cstClock(times[i]!.starts_at),
                        end: cstClock(times[i]!.ends_at),
                        name: names.label(talk.abstract_id),
                        minutes: talk.minutes,
                      })}
                    </List.Item>
                  ))}
                </List.Root>
              )}
              {s.boards.length > 0 && (
                <List.Root ps="5" gap="1" aria-label={t('review.editor.boards.listOf', { session: title })}>
                  {s.boards.map((b) => (
                    <List.Item key={b.abstract_id}>
                      {t('review.editor.boards.item', {
                        board: String(b.board),
                        name: names.label(b.abstract_id),
                        byHand: b.by_hand ? 'yes' : 'no',
                      })}
                    </List.Item>
                  ))}
                </List.Root>
              )}
              {local && <OutcomeAlert outcome={local} />}
              <HStack gap="2" wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('review.editor.sessions.editLabel', { session: title })}
                  onClick={() => {
                    setLocal(null);
                    setEditing(true);
                  }}
                >
                  {t('review.editor.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('review.editor.sessions.deleteLabel', { session: title })}
                  onClick={() => setDeleting(true)}
                >
                  {t('review.editor.delete')}
                </Button>
              </HStack>
              {s.type === 'poster' && (
                <Stack gap="2" borderTopWidth="1px" borderColor="gray.200" pt="3">
                  <Text fontSize="sm" color="gray.700">
                    {t('review.editor.boards.numberHint')}
                  </Text>
                  <Checkbox.Root
                    checked={addUnplaced}
                    onCheckedChange={(e) => setAddUnplaced(e.checked === true)}
                    size="sm"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('review.editor.boards.addUnplaced')}</Checkbox.Label>
                  </Checkbox.Root>
                  <Box>
                    <Button
                      size="sm"
                      colorPalette="brand"
                      variant="outline"
                      loading={numbering}
                      aria-label={t('review.editor.boards.numberLabel', { session: title })}
                      onClick={async () => {
                        setNumbering(true);
                        const o = await change((version) =>
                          editorApi.numberBoards(s.id, { version, add_unplaced: addUnplaced }),
                        );
                        setNumbering(false);
                        setLocal(o);
                      }}
                    >
                      {t('review.editor.boards.number')}
                    </Button>
                  </Box>
                </Stack>
              )}
            </>
          )}
        </Stack>
        <ConfirmDialog
          open={deleting}
          title={t('review.editor.sessions.confirmTitle', { session: title })}
          confirmLabel={t('review.editor.delete')}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            const o = await change((version) => editorApi.deleteSession(s.id, version));
            setDeleting(false);
            props.onOutcome(o);
          }}
        >
          <Text>{t('review.editor.sessions.confirmText', { talks: s.talks.length + s.boards.length })}</Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}
