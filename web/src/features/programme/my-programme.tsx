/**
 * "My programme" on /program (issue 33): a logged-in delegate picks sessions and talks (kept on the
 * account, GET/POST /account/programme), shows only those, and subscribes to a calendar of just
 * them by its own address. A visitor who is not logged in is told how to get one.
 */
import { Box, Button, Card, Checkbox, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Lang } from '#core/i18n/lang';
import type { PickInput } from '#core/programme/my-programme';
import type { PublicSession } from '#core/programme/public-programme';
import { API_BASE, routes } from '#core/routes';
import { FormAlert } from '../../components/form/form-alert';
import { paths } from '../../config/paths';
import { useLang, useT } from '../../i18n/i18n';
import { callApi, callApiForMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';

interface MyProgrammeView {
  sessions: string[];
  talks: string[];
  calendar_key: string | null;
  max: number;
}

const myProgrammeKey = ['programme', 'mine'] as const;
const myProgrammeQuery = queryOptions({
  queryKey: myProgrammeKey,
  queryFn: () => callApi<MyProgrammeView>(routes.getMyProgramme),
  staleTime: 60_000,
});

/** The calendar's address, to subscribe to (https: every calendar app takes it). */
export const myCalendarUrl = (key: string, lang: Lang) =>
  `${window.location.origin}${API_BASE}${routes.getMyCalendar.path}?${new URLSearchParams({ key, lang }).toString()}`;

export interface MyProgramme {
  loggedIn: boolean;
  view: MyProgrammeView | undefined;
  picked(kind: PickInput['kind'], id: string): boolean;
  toggle(kind: PickInput['kind'], id: string): void;
  error: string | null;
}

export function useMyProgramme(): MyProgramme {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ ...myProgrammeQuery, enabled: Boolean(token) });
  const [error, setError] = useState<string | null>(null);
  const pick = useMutation({
    mutationFn: (input: PickInput) => callApiForMessage<MyProgrammeView>(routes.pickMyProgramme, { body: input, concurrent: true }),
    // The button answers at once; the server's answer (or the error) follows.
    onMutate: (input) => {
      setError(null);
      const before = queryClient.getQueryData<MyProgrammeView>(myProgrammeKey);
      if (before) {
        const list = input.kind === 'session' ? 'sessions' : 'talks';
        const next = input.picked ? [...new Set([...before[list], input.id])] : before[list].filter((x) => x !== input.id);
        queryClient.setQueryData<MyProgrammeView>(myProgrammeKey, { ...before, [list]: next });
      }
      return { before };
    },
    onSuccess: (reply) => queryClient.setQueryData(myProgrammeKey, reply.data),
    onError: (e, _input, context) => {
      if (context?.before) queryClient.setQueryData(myProgrammeKey, context.before);
      setError((e as Error).message);
    },
  });
  const view = query.data;
  return {
    loggedIn: Boolean(token),
    view,
    picked: (kind, id) => Boolean(view && (kind === 'session' ? view.sessions : view.talks).includes(id)),
    toggle: (kind, id) => {
      if (!view) return;
      const picked = (kind === 'session' ? view.sessions : view.talks).includes(id);
      pick.mutate({ kind, id, picked: !picked });
    },
    error,
  };
}

/** A session that is picked, or holds a picked talk. */
export const inMyProgramme = (mine: MyProgramme, s: PublicSession) => mine.picked('session', s.id) || s.talks.some((t) => mine.picked('talk', t.abstract_id));

/** The toggle on a session or a talk. */
export function PickButton(props: { mine: MyProgramme; kind: PickInput['kind']; id: string; label: string }) {
  const t = useT();
  const { mine } = props;
  if (!mine.loggedIn || !mine.view) return null;
  const on = mine.picked(props.kind, props.id);
  return (
    <Button
      size="xs"
      variant={on ? 'solid' : 'outline'}
      colorPalette="brand"
      aria-pressed={on}
      aria-label={t(on ? 'programme.picks.pickedLabel' : 'programme.picks.pickLabel', { item: props.label })}
      onClick={() => mine.toggle(props.kind, props.id)}
      alignSelf="flex-start"
    >
      {t(on ? 'programme.picks.picked' : 'programme.picks.pick')}
    </Button>
  );
}

/** The panel above the programme: how many are picked, "only mine", the calendar's address. */
export function MyProgrammePanel(props: { mine: MyProgramme; onlyMine: boolean; setOnlyMine: (on: boolean) => void }) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const { mine } = props;
  const [notice, setNotice] = useState<string | null>(null);
  const renew = useMutation({
    mutationFn: () => callApiForMessage<MyProgrammeView>(routes.renewMyCalendar),
    onSuccess: (reply) => {
      queryClient.setQueryData(myProgrammeKey, reply.data);
      setNotice(reply.message);
    },
    onError: (e) => setNotice((e as Error).message),
  });
  if (!mine.loggedIn) {
    return (
      <Text color="gray.700">
        <Link asChild color="brand.fg" textDecoration="underline">
          <RouterLink to={paths.login} state={{ from: paths.program }}>
            {t('programme.picks.logIn')}
          </RouterLink>
        </Link>{' '}
        {t('programme.picks.logInWhy')}
      </Text>
    );
  }
  const view = mine.view;
  const count = view ? view.sessions.length + view.talks.length : 0;
  const url = view?.calendar_key ? myCalendarUrl(view.calendar_key, lang) : null;
  return (
    <Card.Root as="section" aria-labelledby="my-programme" variant="subtle">
      <Card.Body>
        <Stack gap="3">
          <Text as="h2" id="my-programme" fontWeight="semibold" fontSize="lg">
            {t('programme.picks.title')}
          </Text>
          <Text role="status">{t('programme.picks.count', { count })}</Text>
          {mine.error && <FormAlert status="error" title={mine.error} />}
          <Checkbox.Root checked={props.onlyMine} onCheckedChange={(e) => props.setOnlyMine(e.checked === true)} disabled={count === 0 && !props.onlyMine} colorPalette="brand">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal">{t('programme.picks.only')}</Checkbox.Label>
          </Checkbox.Root>
          {url ? (
            <Stack gap="2">
              <Field.Root>
                <Field.Label>{t('programme.picks.address')}</Field.Label>
                <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} fontSize="sm" />
                <Field.HelperText>{t('programme.picks.addressHint')}</Field.HelperText>
              </Field.Root>
              <HStack gap="3" wrap="wrap">
                <Link href={url} color="brand.fg" textDecoration="underline">
                  {t('programme.picks.download')}
                </Link>
                <Button size="sm" variant="outline" loading={renew.isPending} onClick={() => renew.mutate()}>
                  {t('programme.picks.renew')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            <Text fontSize="sm" color="gray.700">
              {t('programme.picks.firstPick')}
            </Text>
          )}
          {notice && (
            <Box role="status" fontSize="sm">
              {notice}
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
