/**
 * /program/abstracts/:id: a placed abstract's own page (issue 33), for everyone. Its number, title,
 * time and room (or board and poster session), authors with their numbered institutes, the
 * presenter marked, keywords and text as the programme published them; a way back to its session
 * and, for a talk, to the calendar.
 */
import { Badge, Box, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDay } from '#core/i18n/format';
import type { Lang } from '#core/i18n/lang';
import type { AbstractSession, PublishedAbstract } from '#core/programme/abstract-pages';
import { paths } from '../../config/paths';
import { FormAlert } from '../../components/form/form-alert';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { useLang, useT } from '../../i18n/i18n';
import { programmeAbstractQuery, programmeQuery } from './api';
import { calendarHref, clock, inLang } from './show';

export default function AbstractPage() {
  const t = useT();
  const { id = '' } = useParams();
  const page = useQuery(programmeAbstractQuery(id));
  // The session's title, room and times come with the page; a page written by an earlier
  // publication reads them from the programme (most visitors came from it: it is loaded).
  const programme = useQuery({ ...programmeQuery, enabled: page.isSuccess && Boolean(page.data) && !page.data?.session });
  if (page.isPending) return <PageSkeleton title={t('programme.abstract.loading')} />;
  if (page.isError) {
    return (
      <Page title={t('programme.abstract.loadFailed')}>
        <QueryError error={page.error} title={t('programme.abstract.loadFailed')} onRetry={() => void page.refetch()} />
      </Page>
    );
  }
  if (!page.data) {
    return (
      <Page title={t('programme.abstract.notFound.title')}>
        <FormAlert status="info" title={t('programme.abstract.notFound.title')}>
          <Text>{t('programme.abstract.notFound.text')}</Text>
        </FormAlert>
        <BackLink />
      </Page>
    );
  }
  const listed = programme.data?.sessions.find((s) => s.id === page.data!.session_id);
  const session = page.data.session ?? (listed && { ...listed, room: listed.room ?? undefined });
  return <AbstractText entry={page.data} session={session} />;
}

function BackLink({ session }: { session?: string }) {
  const t = useT();
  return (
    <Link asChild color="brand.fg" textDecoration="underline" alignSelf="flex-start">
      <RouterLink to={`${paths.program}${session ? `#session-${session}` : ''}`}>{t('programme.abstract.back')}</RouterLink>
    </Link>
  );
}

function When({ entry, session, lang }: { entry: PublishedAbstract; session?: AbstractSession; lang: Lang }) {
  const t = useT();
  const start = entry.starts_at ?? session?.starts_at;
  const end = entry.ends_at ?? session?.ends_at;
  return (
    <Stack gap="1">
      {start && end && (
        <Text fontWeight="semibold">
          {t('programme.abstract.when', { day: formatDay(lang, start), time: t('programme.time', { start: clock(start), end: clock(end) }) })}
        </Text>
      )}
      {entry.board !== undefined && <Text fontWeight="semibold">{t('programme.board', { board: String(entry.board) })}</Text>}
      {session && (
        <Text color="gray.700">
          {session.room
            ? t('programme.abstract.sessionIn', { session: inLang(lang, session.title, session.title_zh), room: inLang(lang, session.room.name, session.room.name_zh) })
            : inLang(lang, session.title, session.title_zh)}
        </Text>
      )}
    </Stack>
  );
}

function AbstractText({ entry, session }: { entry: PublishedAbstract; session?: AbstractSession }) {
  const t = useT();
  const lang = useLang();
  const several = entry.affiliations.length > 1;
  return (
    <Page title={entry.title} width="narrow">
      <Stack gap="6">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{entry.number}</Text>
          <Badge colorPalette={entry.type === 'oral' ? 'blue' : 'green'}>{t(entry.type === 'oral' ? 'programme.abstract.oral' : 'programme.abstract.poster')}</Badge>
        </HStack>
        <When entry={entry} session={session} lang={lang} />
        <Stack gap="2" as="section" aria-labelledby="abstract-authors">
          <Heading as="h2" size="md" id="abstract-authors">
            {t('programme.abstract.authors')}
          </Heading>
          <Text>
            {entry.authors.map((a, i) => (
              <Fragment key={`${a.name}-${i}`}>
                {i > 0 && ', '}
                <Text as="span" fontWeight={a.presenter ? 'semibold' : undefined}>
                  {a.name}
                </Text>
                {several && a.affiliations.length > 0 && <sup>{a.affiliations.join(',')}</sup>}
                {a.presenter && (
                  <Text as="span" color="gray.700">
                    {' '}
                    {t('programme.abstract.presenting')}
                  </Text>
                )}
              </Fragment>
            ))}
          </Text>
          {entry.affiliations.length > 0 && (
            <List.Root as="ol" ps="0" listStyleType="none" gap="1" fontSize="sm" color="gray.700">
              {entry.affiliations.map((aff, i) => (
                <List.Item key={aff}>
                  {several && <sup>{i + 1} </sup>}
                  {aff}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
        <Stack gap="3" as="section" aria-labelledby="abstract-text">
          <Heading as="h2" size="md" id="abstract-text">
            {t('programme.abstract.text')}
          </Heading>
          {/* The author's own language: the text's words are shown as written, labels included. */}
          {entry.sections.map((s, i) => (
            <Text key={i} lang="en">
              {s.label && (
                <Text as="strong" fontWeight="semibold">
                  {s.label}:{' '}
                </Text>
              )}
              {s.text}
            </Text>
          ))}
          {entry.keywords && (
            <Text>
              <Text as="strong" fontWeight="semibold">
                {t('programme.abstract.keywords')}
              </Text>{' '}
              <span lang="en">{entry.keywords}</span>
            </Text>
          )}
        </Stack>
        <Box>
          <Stack gap="3">
            {entry.type === 'oral' && (
              <Link href={calendarHref(lang, { talk: entry.abstract_id })} color="brand.fg" textDecoration="underline" alignSelf="flex-start">
                {t('programme.abstract.addTalk')}
              </Link>
            )}
            <BackLink session={entry.session_id} />
          </Stack>
        </Box>
      </Stack>
    </Page>
  );
}
