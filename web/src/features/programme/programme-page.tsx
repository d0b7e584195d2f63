/**
 * /program: the published programme for everyone (issue 33). A day at a time, each session with
 * its time (CST), room, chairs and talks; a poster session's posters open on demand (400 boards
 * would be a long page and a long task on a phone). A search looks at every day; the filters keep
 * a type or an abstract category. During the congress the sessions on now and next are marked by
 * the portal's clock. Before the first publication the page says so and links the PDFs.
 *
 * A day of the full programme (12 oral sessions, 72 talks) is hundreds of styled elements: rendered
 * at once it was one task of about half a second on Lighthouse's phone, and the clock's arrival
 * (the now/next marks) rendered every card again. So the list comes in parts, a session or so per
 * task (useStagedRender), and a card renders again only when what it shows changes.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  HStack,
  Heading,
  Input,
  Link,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { abstractCategories, categoryName } from '#core/data/abstract-options';
import { formatDay } from '#core/i18n/format';
import { routes } from '#core/routes';
import type { Lang } from '#core/i18n/lang';
import type { MessageId, Translate } from '#core/i18n/messages';
import { browseProgramme, nowAndNext, openingDay, programmeDays } from '#core/programme/browse';
import { sessionTypes, type SessionType } from '#core/programme/model';
import type { PublicSession } from '#core/programme/public-programme';
import { cst, cstDate } from '#core/time';
import type { palettes } from '../../app/theme';
import { FormAlert } from '../../components/form/form-alert';
import { formatBytes } from '../../components/upload/format';
import { paths, pathTo } from '../../config/paths';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { useLang, useT } from '../../i18n/i18n';
import { useServerNow } from '../../lib/clock';
import { useStagedRender } from '../../lib/use-staged-render';
import { categoryOptionLabel } from '../abstracts/option-labels';
import { programmeQuery, programmeStatusQuery } from './api';
import { programmeFrame } from './programme-frame';
import { calendarHref, clock, inLang } from './show';
import { inMyProgramme, MyProgrammePanel, PickButton, useMyProgramme, type MyProgramme } from './my-programme';

export { prefetchProgramme as prefetch } from './api';

const typeIds: Record<SessionType, MessageId> = {
  plenary: 'programme.type.plenary',
  oral: 'programme.type.oral',
  poster: 'programme.type.poster',
  workshop: 'programme.type.workshop',
  break: 'programme.type.break',
  social: 'programme.type.social',
};
/** Each type's badge colour, from the palettes the trimmed theme keeps (web/src/app/theme.ts). */
const typePalette: Record<SessionType, (typeof palettes)[number] | 'brand'> = {
  plenary: 'brand',
  oral: 'blue',
  poster: 'green',
  workshop: 'orange',
  break: 'gray',
  social: 'gray',
};

const categoryOptions = abstractCategories.flatMap((g) => g.children.map((c) => c.value));

/** The session an address names (`/program#session-<id>`, the calendar's links), if any. */
const sessionInAddress = () =>
  typeof window === 'undefined' ? undefined : /^#session-(.+)$/.exec(window.location.hash)?.[1];

export default function ProgrammePage() {
  const t = useT();
  const programme = useQuery(programmeQuery);
  const title = t('programme.title');
  if (programme.isPending) return <PageSkeleton {...programmeFrame} title={title} />;
  if (programme.isError) {
    return (
      <Page title={title} width="wide">
        <QueryError
          error={programme.error}
          title={t('programme.loadFailed')}
          onRetry={() => void programme.refetch()}
        />
      </Page>
    );
  }
  if (!programme.data) return <NotPublished />;
  return <Published sessions={programme.data.sessions} />;
}

function NotPublished() {
  const t = useT();
  return (
    <Page title={t('programme.title')} lead={t('programme.lead')} width="wide">
      <FormAlert status="info" title={t('programme.notYet.title')}>
        <Stack gap="3">
          <Text>{t('programme.notYet.text')}</Text>
          <HStack gap="4" wrap="wrap">
            <Link href="/pdf/program-at-a-glance.pdf" color="brand.fg" textDecoration="underline">
              {t('programme.notYet.glance')}
            </Link>
            <Link href="/pdf/full-programme.pdf" color="brand.fg" textDecoration="underline">
              {t('programme.notYet.full')}
            </Link>
          </HStack>
        </Stack>
      </FormAlert>
    </Page>
  );
}

function Published({ sessions }: { sessions: PublicSession[] }) {
  const t = useT();
  const lang = useLang();
  const now = useServerNow(60_000);
  const days = useMemo(() => programmeDays({ sessions }), [sessions]);
  // A calendar's link to a session opens its day.
  const [chosenDay, setDay] = useState<string | undefined>(() => {
    const linked = sessions.find((s) => s.id === sessionInAddress());
    return linked ? cstDate(linked.starts_at) : undefined;
  });
  const [query, setQuery] = useState('');
  const [type, setType] = useState<SessionType | ''>('');
  const [category, setCategory] = useState('');
  const day = chosenDay ?? openingDay(days, now);
  const mine = useMyProgramme();
  const [onlyMine, setOnlyMine] = useState(false);
  const picks = mine.view;
  // A link to a session followed on this page (or the page opened with it): its day, then the session in view.
  useEffect(() => {
    const follow = () => {
      const linked = sessions.find((s) => s.id === sessionInAddress());
      if (!linked) return;
      setDay(cstDate(linked.starts_at));
      setQuery('');
      requestAnimationFrame(() => document.getElementById(`session-${linked.id}`)?.scrollIntoView());
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [sessions]);
  // Typing stays quick on a phone: the list follows the search a moment later.
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(
    () =>
      browseProgramme(
        { sessions: onlyMine ? sessions.filter((s) => inMyProgramme(mine, s)) : sessions },
        {
          day,
          query: deferredQuery.trim() || undefined,
          type: type || undefined,
          category: category || undefined,
        },
      ),
    // `mine` is new on each render; what it answers follows `picks`.
    [sessions, day, deferredQuery, type, category, onlyMine, picks],
  );
  const marks = useMemo(
    () => (now ? nowAndNext({ sessions }, now) : { now: new Set<string>(), next: new Set<string>() }),
    [sessions, now],
  );
  const searching = deferredQuery.trim() !== '';
  const filtered = searching || type !== '' || category !== '';
  const byDay = useMemo(() => groupByDay(shown), [shown]);

  return (
    <Page title={t('programme.title')} lead={t('programme.lead')} width="wide">
      <Stack gap="6">
        <Box role="group" aria-label={t('programme.days')}>
          <Flex gap="2" wrap="wrap">
            {days.map((d) => (
              <Button
                key={d}
                size="sm"
                variant={d === day && !searching ? 'solid' : 'outline'}
                aria-pressed={d === day && !searching}
                onClick={() => setDay(d)}
                disabled={searching}
              >
                {formatDay(lang, cst(d))}
              </Button>
            ))}
          </Flex>
        </Box>
        <Stack gap="1">
          <Link
            href={calendarHref(lang)}
            color="brand.fg"
            textDecoration="underline"
            fontWeight="medium"
            alignSelf="flex-start"
          >
            {t('programme.subscribe')}
          </Link>
          <Text fontSize="sm" color="gray.700">
            {t('programme.subscribeHint')}
          </Text>
        </Stack>
        <AbstractBookLink />
        <MyProgrammePanel mine={mine} onlyMine={onlyMine} setOnlyMine={setOnlyMine} />
        <Box as="form" role="search" aria-label={t('programme.filters')} onSubmit={(e) => e.preventDefault()}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="start">
            <Field.Root>
              <Field.Label>{t('programme.search')}</Field.Label>
              <Input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('programme.searchHint')}
              />
              <Field.HelperText>{t('programme.searchAll')}</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('programme.type')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={type}
                  onChange={(e) => setType(e.target.value as SessionType | '')}
                >
                  <option value="">{t('programme.allTypes')}</option>
                  {sessionTypes.map((s) => (
                    <option key={s} value={s}>
                      {t(typeIds[s])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('programme.category')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={category} onChange={(e) => setCategory(e.target.value)}>
                  <option value="">{t('programme.allCategories')}</option>
                  {categoryOptions.map((c) => (
                    <option key={c} value={c}>
                      {categoryOptionLabel(t, c, categoryName(c) ?? c)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
        </Box>
        <HStack gap="4" wrap="wrap" justify="space-between">
          <Text role="status" color="gray.700">
            {filtered ? t('programme.results', { count: shown.length }) : null}
          </Text>
          {filtered && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setQuery('');
                setType('');
                setCategory('');
              }}
            >
              {t('programme.clear')}
            </Button>
          )}
        </HStack>
        {/* Another day (or the search) is a new list, rendered in parts again. */}
        <SessionList
          key={searching ? 'search' : (day ?? '')}
          byDay={byDay}
          t={t}
          lang={lang}
          marks={marks}
          mine={mine}
          openPosters={searching || category !== ''}
        />
      </Stack>
    </Page>
  );
}

/** The abstract book, once the office publishes it to delegates. */
function AbstractBookLink() {
  const t = useT();
  const status = useQuery(programmeStatusQuery);
  const book = status.data?.book;
  if (!book) return null;
  return (
    <Stack gap="1">
      <Link href={`/api/v1/admin${routes.getDelegatesBook.path}`} color="brand.fg" textDecoration="underline" fontWeight="medium" alignSelf="flex-start">
        {t('programme.book.link', { size: formatBytes(book.bytes) })}
      </Link>
      <Text fontSize="sm" color="gray.700">
        {t('programme.book.hint')}
      </Text>
    </Stack>
  );
}

/** About how many rows (a session's heading, its talks, its posters when open) one part of the list holds. */
const PART_ROWS = 6;

/**
 * Where each part of the list ends, as a count of sessions: the first part holds none (the page's
 * head and filters are a task's worth already), each next one closes once it holds `PART_ROWS` rows.
 */
function partEnds(sessions: readonly PublicSession[], postersOpen: boolean): number[] {
  const ends: number[] = [0];
  let rows = 0;
  sessions.forEach((s, i) => {
    rows += 1 + s.talks.length + (postersOpen ? s.posters.length : 0);
    if (rows >= PART_ROWS) {
      ends.push(i + 1);
      rows = 0;
    }
  });
  if (ends.at(-1) !== sessions.length) ends.push(sessions.length);
  return ends;
}

/**
 * The sessions by day, rendered a part per task; a session the address names (the calendar's
 * links) is in the first part, so the page can scroll to it at once.
 */
function SessionList(props: {
  byDay: [string, PublicSession[]][];
  t: Translate;
  lang: Lang;
  marks: { now: Set<string>; next: Set<string> };
  mine: MyProgramme;
  openPosters: boolean;
}) {
  const { byDay, t, lang, marks, mine, openPosters } = props;
  const all = useMemo(() => byDay.flatMap(([, list]) => list), [byDay]);
  const ends = useMemo(() => partEnds(all, openPosters), [all, openPosters]);
  const parts = useStagedRender(ends.length, true);
  const linked = all.findIndex((s) => s.id === sessionInAddress());
  const limit = Math.max(ends[parts - 1] ?? all.length, linked + 1);
  let before = 0;
  return byDay.map(([d, list]) => {
    const from = before;
    before += list.length;
    if (from >= limit) return null;
    return (
      <Stack key={d} gap="4" as="section" aria-labelledby={`day-${d}`}>
        <Heading as="h2" size="lg" id={`day-${d}`}>
          {formatDay(lang, cst(d))}
        </Heading>
        {list.slice(0, limit - from).map((s) => (
          <SessionCard
            key={s.id}
            session={s}
            t={t}
            lang={lang}
            mark={marks.now.has(s.id) ? 'now' : marks.next.has(s.id) ? 'next' : null}
            mine={mine}
            openPosters={openPosters}
          />
        ))}
      </Stack>
    );
  });
}

/** A talk's or poster's title, leading to its abstract's page. */
function AbstractLink({ id, title }: { id: string; title: string }) {
  return (
    <Link asChild fontWeight="medium" color="brand.fg" textDecoration="underline" textUnderlineOffset="2px">
      <RouterLink to={pathTo(paths.programAbstract, { id })}>{title}</RouterLink>
    </Link>
  );
}

function groupByDay(sessions: readonly PublicSession[]): [string, PublicSession[]][] {
  const out = new Map<string, PublicSession[]>();
  for (const s of sessions) out.set(cstDate(s.starts_at), [...(out.get(cstDate(s.starts_at)) ?? []), s]);
  return [...out];
}

interface SessionCardProps {
  session: PublicSession;
  t: Translate;
  lang: Lang;
  mark: 'now' | 'next' | null;
  openPosters: boolean;
  mine: MyProgramme;
}

/**
 * A card renders again only when what it shows changes: `mine` is a new object on every render of
 * the page, what its buttons show follows its `view` (and its `toggle` calls the mutation's stable
 * `mutate` with that view), so the card compares those.
 */
const sameCard = (a: SessionCardProps, b: SessionCardProps) =>
  a.session === b.session &&
  a.t === b.t &&
  a.lang === b.lang &&
  a.mark === b.mark &&
  a.openPosters === b.openPosters &&
  a.mine.loggedIn === b.mine.loggedIn &&
  a.mine.view === b.mine.view;

const SessionCard = memo(function SessionCard(props: SessionCardProps) {
  const { session: s, t, lang, mark, mine } = props;
  const [postersOpen, setPostersOpen] = useState(false);
  const showPosters = postersOpen || (props.openPosters && s.posters.length > 0);
  const headingId = `session-${s.id}`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      borderColor={mark === 'now' ? 'brand.solid' : undefined}
      borderWidth={mark === 'now' ? '2px' : undefined}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {t('programme.time', { start: clock(s.starts_at), end: clock(s.ends_at) })}
            </Text>
            <Badge colorPalette={typePalette[s.type]}>{t(typeIds[s.type])}</Badge>
            {mark === 'now' && (
              <Badge colorPalette="brand" variant="solid">
                {t('programme.now')}
              </Badge>
            )}
            {mark === 'next' && <Badge colorPalette="orange">{t('programme.next')}</Badge>}
            {s.room && <Text color="gray.700">{inLang(lang, s.room.name, s.room.name_zh)}</Text>}
          </HStack>
          <Heading as="h3" size="md" id={headingId}>
            {inLang(lang, s.title, s.title_zh)}
          </Heading>
          {s.chairs.length > 0 && (
            <Text color="gray.700">{t('programme.chairs', { names: s.chairs.join(', ') })}</Text>
          )}
          <PickButton mine={mine} kind="session" id={s.id} label={inLang(lang, s.title, s.title_zh)} />
          <Link
            href={calendarHref(lang, { session: s.id })}
            aria-label={t('programme.addSessionLabel', { session: inLang(lang, s.title, s.title_zh) })}
            color="brand.fg"
            textDecoration="underline"
            fontSize="sm"
            alignSelf="flex-start"
          >
            {t('programme.addSession')}
          </Link>
          {s.talks.length > 0 && (
            <List.Root as="ol" listStyleType="none" gap="3" ps="0">
              {s.talks.map((talk) => (
                <List.Item key={talk.abstract_id} borderTopWidth="1px" borderColor="gray.200" pt="3">
                  <Stack gap="1">
                    <Text fontSize="sm" color="gray.700">
                      {t('programme.time', { start: clock(talk.starts_at), end: clock(talk.ends_at) })} ·{' '}
                      {talk.number}
                    </Text>
                    <AbstractLink id={talk.abstract_id} title={talk.title} />
                    <Text fontSize="sm">
                      {t('programme.presenters', { names: talk.presenters.join(', ') })}
                    </Text>
                    <Text fontSize="sm" color="gray.700">
                      {t('programme.authors', { names: talk.authors.join(', ') })}
                    </Text>
                    <PickButton mine={mine} kind="talk" id={talk.abstract_id} label={talk.title} />
                  </Stack>
                </List.Item>
              ))}
            </List.Root>
          )}
          {s.posters.length > 0 && (
            <Stack gap="3">
              <HStack gap="3" wrap="wrap">
                <Text>{t('programme.posters', { count: s.posters.length })}</Text>
                {!props.openPosters && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-expanded={showPosters}
                    aria-controls={`${headingId}-posters`}
                    onClick={() => setPostersOpen((o) => !o)}
                  >
                    {showPosters ? t('programme.hidePosters') : t('programme.showPosters')}
                  </Button>
                )}
              </HStack>
              <Box id={`${headingId}-posters`} hidden={!showPosters}>
                {showPosters && (
                  <List.Root as="ul" listStyleType="none" gap="2" ps="0">
                    {s.posters.map((p) => (
                      <List.Item key={p.abstract_id} borderTopWidth="1px" borderColor="gray.200" pt="2">
                        <Text fontSize="sm" color="gray.700">
                          {t('programme.board', { board: String(p.board) })} · {p.number}
                        </Text>
                        <AbstractLink id={p.abstract_id} title={p.title} />
                        <Text fontSize="sm">
                          {t('programme.presenters', { names: p.presenters.join(', ') })}
                        </Text>
                      </List.Item>
                    ))}
                  </List.Root>
                )}
              </Box>
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}, sameCard);
