/** The programme's rooms: listed with their seats, added, renamed or given other seats, deleted after a confirmation. */
import { Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import type { Room } from '#core/programme/model';
import { FormAlert } from '../../../components/form/form-alert';
import { FormStack } from '../../../components/form/form-stack';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../i18n/i18n';
import { editorApi, type DraftView } from './api';
import { roomFormBody, roomResolver, type RoomValues } from './session-values';
import { useDraftChange, type Outcome } from './use-draft';

export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const t = useT();
  if (!outcome) return null;
  if (outcome.ok) return <FormAlert status="success">{outcome.message}</FormAlert>;
  return (
    <FormAlert status="error" title={outcome.message}>
      {outcome.stale ? t('review.editor.staleKept') : undefined}
    </FormAlert>
  );
}

export function Rooms({ view }: { view: DraftView }) {
  const t = useT();
  const change = useDraftChange();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Room | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const rooms = view.programme.rooms;
  const sessionsIn = (id: string) => view.programme.sessions.filter((s) => s.room_id === id).length;
  return (
    <Card.Root as="section" aria-labelledby="editor-rooms">
      <Card.Header>
        <Card.Title as="h2" id="editor-rooms">
          {t('review.editor.rooms.title')}
        </Card.Title>
        <Card.Description>{t('review.editor.rooms.description')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <OutcomeAlert outcome={outcome} />
          {rooms.length === 0 ? (
            <Text color="gray.700">{t('review.editor.rooms.none')}</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={t('review.editor.rooms.list')}>
              {rooms.map((r) => (
                <Box as="li" key={r.id} borderTopWidth="1px" borderColor="gray.200" pt="3">
                  {editing === r.id ? (
                    <RoomForm
                      room={r}
                      onDone={(o) => {
                        setOutcome(o);
                        if (o?.ok) setEditing(null);
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <HStack justify="space-between" wrap="wrap" gap="3">
                      <Stack gap="0">
                        <Text fontWeight="semibold">{r.name}</Text>
                        {r.name_zh && <Text lang="zh-Hans">{r.name_zh}</Text>}
                        <Text fontSize="sm" color="gray.700">
                          {t('review.editor.rooms.seats', { count: r.capacity })} ·{' '}
                          {t('review.editor.rooms.sessions', { count: sessionsIn(r.id) })}
                        </Text>
                      </Stack>
                      <HStack gap="2">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t('review.editor.rooms.editLabel', { room: r.name })}
                          onClick={() => setEditing(r.id)}
                        >
                          {t('review.editor.edit')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          colorPalette="red"
                          aria-label={t('review.editor.rooms.deleteLabel', { room: r.name })}
                          onClick={() => setDeleting(r)}
                        >
                          {t('review.editor.delete')}
                        </Button>
                      </HStack>
                    </HStack>
                  )}
                </Box>
              ))}
            </Stack>
          )}
          <Box borderTopWidth="1px" borderColor="gray.200" pt="4">
            <Text as="h3" fontWeight="semibold" mb="3">
              {t('review.editor.rooms.add')}
            </Text>
            <RoomForm onDone={setOutcome} />
          </Box>
        </Stack>
        <ConfirmDialog
          open={deleting !== null}
          title={t('review.editor.rooms.confirmTitle', { room: deleting?.name ?? '' })}
          confirmLabel={t('review.editor.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            if (!deleting) return;
            const id = deleting.id;
            setOutcome(await change((version) => editorApi.deleteRoom(id, version)));
            setDeleting(null);
          }}
        >
          <Text>
            {t('review.editor.rooms.confirmText', { count: deleting ? sessionsIn(deleting.id) : 0 })}
          </Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

const roomFields = ['name', 'name_zh', 'capacity'] as const;

function RoomForm(props: { room?: Room; onDone: (o: Outcome) => void; onCancel?: () => void }) {
  const t = useT();
  const change = useDraftChange();
  const form = useForm<RoomValues>({
    resolver: roomResolver,
    defaultValues: {
      name: props.room?.name ?? '',
      name_zh: props.room?.name_zh ?? '',
      capacity: props.room ? String(props.room.capacity) : '',
    },
  });
  const [failure, setFailure] = useState<Outcome>(null);
  const submit = form.handleSubmit(async (values) => {
    const room = props.room;
    const o = await change((version) =>
      room
        ? editorApi.updateRoom(room.id, roomFormBody(values, version))
        : editorApi.createRoom(roomFormBody(values, version)),
    );
    if (o && !o.ok)
      for (const [path, message] of Object.entries(o.fieldErrors))
        if ((roomFields as readonly string[]).includes(path))
          form.setError(path as Path<RoomValues>, { type: 'server', message });
    if (o?.ok && !room) form.reset();
    setFailure(o && !o.ok ? o : null);
    props.onDone(o);
  });
  const idPrefix = props.room ? `room-${props.room.id}` : 'room-new';
  return (
    <FormProvider {...form}>
      <FormStack
        noValidate
        onSubmit={submit}
        id={idPrefix}
        aria-label={
          props.room
            ? t('review.editor.rooms.editLabel', { room: props.room.name })
            : t('review.editor.rooms.add')
        }
      >
        <Stack gap="3">
          {failure && props.room && <OutcomeAlert outcome={failure} />}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <TextField<RoomValues> name="name" label={t('review.editor.rooms.name')} required />
            <TextField<RoomValues> name="name_zh" label={t('review.editor.rooms.nameZh')} lang="zh-Hans" />
            <TextField<RoomValues>
              name="capacity"
              label={t('review.editor.rooms.capacity')}
              type="number"
              inputMode="numeric"
              required
            />
          </SimpleGrid>
          <HStack gap="2">
            <SubmitButton size="sm" loading={form.formState.isSubmitting}>
              {props.room ? t('review.editor.rooms.save') : t('review.editor.rooms.addButton')}
            </SubmitButton>
            {props.onCancel && (
              <Button size="sm" variant="outline" onClick={props.onCancel}>
                {t('review.editor.cancel')}
              </Button>
            )}
          </HStack>
        </Stack>
      </FormStack>
    </FormProvider>
  );
}
