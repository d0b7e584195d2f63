/**
 * One session's form: title (and a Chinese one), type, room, start and end (a congress day and a
 * Beijing time), chairs (names, or portal accounts by their id), an oral session's talks in order
 * with their minutes (moved with up and down buttons), a poster session's boards (a number typed
 * here is the committee's own: the numbering keeps it). Checked by the API's own schema before it
 * is sent; a save refused as stale (409) reloads the draft and keeps everything typed.
 */
import {
  Box,
  Button,
  Field,
  Fieldset,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  FormProvider,
  get,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type Path,
} from 'react-hook-form';
import { formatDay } from '#core/i18n/format';
import { congressDays, roomOptional, sessionTypes, talkTimes, type Session } from '#core/programme/model';
import { cst } from '#core/time';
import { FormAlert } from '../../../components/form/form-alert';
import { ChevronDownIcon, ChevronUpIcon } from '../../../components/ui/icons';
import { FormStack } from '../../../components/form/form-stack';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { useLang, useLocalise, useT } from '../../../i18n/i18n';
import { editorApi, type DraftView } from './api';
import { abstractNames, addable } from './draft-lookups';
import { OutcomeAlert } from './rooms';
import { typeIds } from './sessions';
import {
  cstClock,
  moved,
  nextBoard,
  sessionFieldOf,
  sessionFormBody,
  sessionResolver,
  sessionValues,
  type SessionValues,
} from './session-values';
import { useDraftChange, type Outcome } from './use-draft';

const DEFAULT_MINUTES = '15';

export function SessionEditor(props: {
  view: DraftView;
  session?: Session;
  day: string;
  onDone: (o: Outcome) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const change = useDraftChange();
  const form = useForm<SessionValues>({
    resolver: sessionResolver,
    defaultValues: sessionValues(props.session, props.day),
  });
  const [failure, setFailure] = useState<Outcome>(null);
  const type = useWatch({ control: form.control, name: 'type' });
  const submit = form.handleSubmit(async (values) => {
    const session = props.session;
    const o = await change((version) =>
      session
        ? editorApi.updateSession(session.id, sessionFormBody(values, version))
        : editorApi.createSession(sessionFormBody(values, version)),
    );
    if (o && !o.ok)
      for (const [path, message] of Object.entries(o.fieldErrors))
        form.setError(sessionFieldOf(path) as Path<SessionValues>, { type: 'server', message });
    // Refused: the form stays as typed (a stale save too: the draft is read again, the values are kept).
    setFailure(o && !o.ok ? o : null);
    props.onDone(o);
  });
  const dayOptions = congressDays.map((d) => ({ value: d.day, label: formatDay(lang, cst(d.day)) }));
  const idBase = props.session ? `session-form-${props.session.id}` : 'session-form-new';
  return (
    <FormProvider {...form}>
      <FormStack
        noValidate
        onSubmit={submit}
        id={idBase}
        aria-label={
          props.session
            ? t('review.editor.sessions.editLabel', { session: props.session.title })
            : t('review.editor.sessions.add')
        }
      >
        <Stack gap="4">
          {failure && <OutcomeAlert outcome={failure} />}
          <RootError />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField<SessionValues> name="title" label={t('review.editor.form.title')} required />
            <TextField<SessionValues>
              name="title_zh"
              label={t('review.editor.form.titleZh')}
              lang="zh-Hans"
            />
            <SelectField<SessionValues>
              name="type"
              label={t('review.editor.form.type')}
              required
              options={sessionTypes.map((s) => ({ value: s, label: t(typeIds[s]) }))}
            />
            <SelectField<SessionValues>
              name="room_id"
              label={t('review.editor.form.room')}
              required={!type || !roomOptional.includes(type)}
              placeholder={t('review.editor.form.noRoom')}
              options={props.view.programme.rooms.map((r) => ({ value: r.id, label: r.name }))}
            />
          </SimpleGrid>
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="medium">{t('review.editor.form.when')}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mt="2">
              <SelectField<SessionValues>
                name="start_day"
                label={t('review.editor.form.startDay')}
                options={dayOptions}
                placeholder={null}
                required
              />
              <TextField<SessionValues>
                name="start_time"
                label={t('review.editor.form.startTime')}
                type="time"
                required
              />
              <SelectField<SessionValues>
                name="end_day"
                label={t('review.editor.form.endDay')}
                options={dayOptions}
                placeholder={null}
                required
              />
              <TextField<SessionValues>
                name="end_time"
                label={t('review.editor.form.endTime')}
                type="time"
                required
              />
            </SimpleGrid>
          </Fieldset.Root>
          <Chairs />
          {type === 'oral' && <Talks view={props.view} session={props.session} />}
          {type === 'poster' && <Boards view={props.view} session={props.session} />}
          <HStack gap="2" wrap="wrap">
            <SubmitButton size="sm" loading={form.formState.isSubmitting}>
              {t('review.editor.form.save')}
            </SubmitButton>
            <Button size="sm" variant="outline" onClick={props.onCancel}>
              {t('review.editor.cancel')}
            </Button>
          </HStack>
        </Stack>
      </FormStack>
    </FormProvider>
  );
}

/** A message of the whole form (the version: the form's own check never gives one, the server might). */
function RootError() {
  const { formState } = useFormContext<SessionValues>();
  const localise = useLocalise();
  const message = (formState.errors.root as { message?: string } | undefined)?.message;
  return message ? <FormAlert status="error">{localise(message)}</FormAlert> : null;
}

/** A list's own message (too many chairs, talks in a session that is not oral). */
function ListError({ name }: { name: 'chairs' | 'talks' | 'boards' }) {
  const { formState } = useFormContext<SessionValues>();
  const localise = useLocalise();
  const message = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return message ? (
    <Text color="fg.error" fontSize="sm" role="alert">
      {localise(message)}
    </Text>
  ) : null;
}

function Chairs() {
  const t = useT();
  const { control } = useFormContext<SessionValues>();
  const chairs = useFieldArray({ control, name: 'chairs' });
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">{t('review.editor.chairs.title')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('review.editor.chairs.hint')}</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        <ListError name="chairs" />
        {chairs.fields.map((f, i) => (
          <HStack key={f.id} gap="2" align="end" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Box minW="10rem">
              <SelectField<SessionValues>
                name={`chairs.${i}.kind`}
                label={t('review.editor.chairs.kind', { n: i + 1 })}
                placeholder={null}
                options={[
                  { value: 'name', label: t('review.editor.chairs.byName') },
                  { value: 'account', label: t('review.editor.chairs.byAccount') },
                ]}
              />
            </Box>
            <Box flex="1" minW="12rem">
              <TextField<SessionValues>
                name={`chairs.${i}.value`}
                label={t('review.editor.chairs.value', { n: i + 1 })}
                required
              />
            </Box>
            <Button size="sm" variant="outline" mb="1" onClick={() => chairs.remove(i)}>
              {t('review.editor.chairs.remove', { n: i + 1 })}
            </Button>
          </HStack>
        ))}
        <Box>
          <Button size="sm" variant="outline" onClick={() => chairs.append({ kind: 'name', value: '' })}>
            {t('review.editor.chairs.add')}
          </Button>
        </Box>
      </Stack>
    </Fieldset.Root>
  );
}

/** The abstracts a session's list may add: accepted ones without a place, and the session's own taken out of the form before it is saved. */
function candidates(
  view: DraftView,
  session: Session | undefined,
  type: 'oral' | 'poster',
  inForm: readonly string[],
) {
  const names = abstractNames(view);
  const own = (session ? [...session.talks, ...session.boards] : [])
    .map((x) => names.get(x.abstract_id))
    .filter((a) => a && a.type === type && !inForm.includes(a.id));
  return [
    ...own.map((a) => ({ id: a!.id, number: a!.number ?? '', title: a!.title })),
    ...addable(view, type, inForm),
  ];
}

function AddAbstract(props: {
  options: { id: string; number: string; title: string }[];
  label: string;
  button: string;
  none: string;
  onAdd: (id: string) => void;
  idBase: string;
}) {
  const [chosen, setChosen] = useState('');
  const t = useT();
  if (props.options.length === 0)
    return (
      <Text fontSize="sm" color="gray.700">
        {props.none}
      </Text>
    );
  const value = props.options.some((o) => o.id === chosen) ? chosen : '';
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <Field.Root flex="1" minW="14rem">
        <Field.Label htmlFor={`${props.idBase}-add`}>{props.label}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={`${props.idBase}-add`}
            value={value}
            onChange={(e) => setChosen(e.target.value)}
            placeholder={t('form.select')}
          >
            {props.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.number ? `${o.number} · ${o.title}` : o.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button
        size="sm"
        variant="outline"
        mb="1"
        disabled={!value}
        onClick={() => {
          props.onAdd(value);
          setChosen('');
        }}
      >
        {props.button}
      </Button>
    </HStack>
  );
}

function Talks({ view, session }: { view: DraftView; session?: Session }) {
  const t = useT();
  const { control, register, formState } = useFormContext<SessionValues>();
  const localise = useLocalise();
  const talks = useFieldArray({ control, name: 'talks' });
  const values = useWatch({ control, name: 'talks' }) ?? [];
  const [day, time] = [useWatch({ control, name: 'start_day' }), useWatch({ control, name: 'start_time' })];
  const names = abstractNames(view);
  const starts = /^\d{2}:\d{2}$/.test(time) ? cst(`${day}T${time}`) : undefined;
  const times = starts
    ? talkTimes({
        starts_at: starts,
        talks: values.map((v) => ({ abstract_id: v.abstract_id, minutes: Number(v.minutes) || 0 })),
      })
    : [];
  const total = values.reduce((sum, v) => sum + (Number(v.minutes) || 0), 0);
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">{t('review.editor.talks.title')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('review.editor.talks.hint', { total })}</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        <ListError name="talks" />
        <Stack as="ol" gap="3" listStyleType="none" aria-label={t('review.editor.talks.title')}>
          {talks.fields.map((f, i) => {
            const name = names.label(values[i]?.abstract_id ?? f.abstract_id);
            const short = names.get(f.abstract_id)?.number ?? name;
            const error =
              (get(formState.errors, `talks.${i}.minutes`) as { message?: string } | undefined)?.message ??
              (get(formState.errors, `talks.${i}.abstract_id`) as { message?: string } | undefined)?.message;
            return (
              <Box as="li" key={f.id} borderTopWidth="1px" borderColor="gray.200" pt="2">
                <Stack gap="2">
                  <Text fontSize="sm">
                    {times[i]
                      ? t('review.editor.talks.line', {
                          start: cstClock(times[i].starts_at),
                          end: cstClock(times[i].ends_at),
                          name,
                        })
                      : t('review.editor.talks.lineUntimed', { name })}
                  </Text>
                  <HStack gap="2" wrap="wrap" align="end">
                    <Field.Root invalid={Boolean(error)} w="8rem">
                      <Field.Label>{t('review.editor.talks.minutes', { name: short })}</Field.Label>
                      <Input
                        {...register(`talks.${i}.minutes`)}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={240}
                      />
                    </Field.Root>
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={t('review.editor.talks.up', { name: short })}
                      disabled={i === 0}
                      onClick={() => talks.replace(moved(values, i, -1))}
                    >
                      <ChevronUpIcon />
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={t('review.editor.talks.down', { name: short })}
                      disabled={i === talks.fields.length - 1}
                      onClick={() => talks.replace(moved(values, i, 1))}
                    >
                      <ChevronDownIcon />
                    </IconButton>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('review.editor.talks.remove', { name: short })}
                      onClick={() => talks.remove(i)}
                    >
                      {t('review.editor.remove')}
                    </Button>
                  </HStack>
                  {error && (
                    <Text color="fg.error" fontSize="sm">
                      {localise(error)}
                    </Text>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
        <AddAbstract
          idBase={`talks-${session?.id ?? 'new'}`}
          options={candidates(
            view,
            session,
            'oral',
            values.map((v) => v.abstract_id),
          )}
          label={t('review.editor.talks.add')}
          button={t('review.editor.talks.addButton')}
          none={t('review.editor.talks.noneLeft')}
          onAdd={(id) => talks.append({ abstract_id: id, minutes: DEFAULT_MINUTES })}
        />
      </Stack>
    </Fieldset.Root>
  );
}

function Boards({ view, session }: { view: DraftView; session?: Session }) {
  const t = useT();
  const { control, register, setValue, formState } = useFormContext<SessionValues>();
  const localise = useLocalise();
  const boards = useFieldArray({ control, name: 'boards' });
  const values = useWatch({ control, name: 'boards' }) ?? [];
  const names = abstractNames(view);
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">{t('review.editor.boards.title')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('review.editor.boards.hint')}</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        <ListError name="boards" />
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('review.editor.boards.title')}>
          {boards.fields.map((f, i) => {
            const short = names.get(f.abstract_id)?.number ?? names.label(f.abstract_id);
            const registration = register(`boards.${i}.board`);
            const error =
              (get(formState.errors, `boards.${i}.board`) as { message?: string } | undefined)?.message ??
              (get(formState.errors, `boards.${i}.abstract_id`) as { message?: string } | undefined)?.message;
            return (
              <Box as="li" key={f.id} borderTopWidth="1px" borderColor="gray.200" pt="2">
                <Stack gap="2">
                  <Text fontSize="sm">{names.label(f.abstract_id)}</Text>
                  <HStack gap="2" align="end" wrap="wrap">
                    <Field.Root invalid={Boolean(error)} w="8rem">
                      <Field.Label>{t('review.editor.boards.board', { name: short })}</Field.Label>
                      <Input
                        {...registration}
                        onChange={(e) => {
                          void registration.onChange(e);
                          // A number typed here is the committee's: the numbering keeps it.
                          setValue(`boards.${i}.by_hand`, true);
                        }}
                        type="number"
                        inputMode="numeric"
                        min={1}
                      />
                    </Field.Root>
                    <Text fontSize="sm" color="gray.700" mb="2">
                      {values[i]?.by_hand
                        ? t('review.editor.boards.byHand')
                        : t('review.editor.boards.automatic')}
                    </Text>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('review.editor.boards.remove', { name: short })}
                      onClick={() => boards.remove(i)}
                    >
                      {t('review.editor.remove')}
                    </Button>
                  </HStack>
                  {error && (
                    <Text color="fg.error" fontSize="sm">
                      {localise(error)}
                    </Text>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
        <AddAbstract
          idBase={`boards-${session?.id ?? 'new'}`}
          options={candidates(
            view,
            session,
            'poster',
            values.map((v) => v.abstract_id),
          )}
          label={t('review.editor.boards.add')}
          button={t('review.editor.boards.addButton')}
          none={t('review.editor.boards.noneLeft')}
          onAdd={(id) => boards.append({ abstract_id: id, board: String(nextBoard(values)), by_hand: false })}
        />
      </Stack>
    </Fieldset.Root>
  );
}
