/**
 * /admin/presentations, "My presentations" (issue 33): each of the delegate's accepted abstracts
 * with its type and number, where the latest published programme places it (session, room and
 * time in China Standard Time, or board and poster session), the upload deadline, whether the
 * slides or poster are uploaded, and the link to the upload page. Before the first publication
 * it says the places are not published yet. One column on a phone, two cards a row from md.
 */
import { Badge, Button, Card, DataList, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { Lang } from '#core/i18n/lang';
import { formatDay, formatDeadline, formatInstant } from '#core/i18n/format';
import type { MyPresentation } from '#core/programme/my-presentations';
import { cstParts } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { useLang, useT } from '../../i18n/i18n';
import { myPresentationsQuery } from './api';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (instant: string) => {
  const p = cstParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};
const inLang = (lang: Lang, en: string, zh: string | undefined) => (lang === 'zh-Hans' && zh ? zh : en);
const uploadPage = { oral: paths.oralUpload, poster: paths.posterUpload } as const;

export default function MyPresentationsPage() {
  const t = useT();
  const lang = useLang();
  const mine = useQuery(myPresentationsQuery);
  const title = t('programme.mine.title');
  if (mine.isPending) return <PageSkeleton title={title} />;
  if (mine.isError) {
    return (
      <Page title={title}>
        <QueryError error={mine.error} title={t('programme.mine.loadFailed')} onRetry={() => void mine.refetch()} />
      </Page>
    );
  }
  const { items, published } = mine.data;
  return (
    <Page title={title} lead={t('programme.mine.lead')} width="wide">
      <Stack gap="5">
        {items.length === 0 ? (
          <FormAlert status="info" title={t('programme.mine.empty.title')}>
            {t('programme.mine.empty.text')}
          </FormAlert>
        ) : published ? (
          <Text color="gray.700" fontSize="sm">
            {t('programme.mine.fromVersion', { number: published.number, at: formatInstant(lang, published.published_at) })}
          </Text>
        ) : (
          <FormAlert status="info">{t('programme.mine.notPublished')}</FormAlert>
        )}
        <Grid as="ul" listStyleType="none" templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
          {items.map((item) => (
            <PresentationCard key={item.abstract_id} item={item} programmePublished={published !== null} />
          ))}
        </Grid>
      </Stack>
    </Page>
  );
}

function PresentationCard({ item, programmePublished }: { item: MyPresentation; programmePublished: boolean }) {
  const t = useT();
  const lang = useLang();
  const place = item.place;
  const rows: [string, string][] = place
    ? [
        [t('programme.mine.session', { type: item.type }), inLang(lang, place.session_title, place.session_title_zh)],
        [t('programme.mine.room'), place.room ? inLang(lang, place.room.name, place.room.name_zh) : t('programme.mine.noRoom')],
        [t('programme.mine.when'), `${formatDay(lang, place.starts_at)} ${t('programme.time', { start: clock(place.starts_at), end: clock(place.ends_at) })}`],
        ...(place.board === undefined ? [] : ([[t('programme.mine.board'), String(place.board)]] as [string, string][])),
      ]
    : [];
  return (
    <Card.Root as="li" size="sm" data-testid={`presentation-${item.number}`}>
      <Card.Header gap="2">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={item.type === 'oral' ? 'blue' : 'green'}>{t('programme.mine.type', { type: item.type })}</Badge>
          <Badge variant="outline">{t('programme.mine.number', { number: item.number })}</Badge>
        </HStack>
        <Heading as="h2" size="md" overflowWrap="anywhere">
          {item.title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        {place ? null : (
          <Text color="gray.700" fontSize="sm">
            {programmePublished ? t('programme.mine.notPlaced') : t('programme.mine.notPublished')}
          </Text>
        )}
        <DataList.Root orientation="horizontal" size="md">
          {[
            ...rows,
            [t('programme.mine.deadline'), formatDeadline(lang, item.upload.deadline)],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue minW="0" overflowWrap="anywhere">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel>{t('programme.mine.file')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge colorPalette={item.upload.uploaded ? 'green' : 'orange'} whiteSpace="normal">
                {item.upload.uploaded ? t('programme.mine.uploaded', { type: item.type }) : t('programme.mine.missing', { type: item.type })}
              </Badge>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
      <Card.Footer>
        <Stack gap="2" w="full">
          {!item.upload.open && (
            <Text color="gray.700" fontSize="sm">
              {t('programme.mine.closed')}
            </Text>
          )}
          <Button asChild colorPalette="brand" variant={item.upload.uploaded ? 'outline' : 'solid'} w={{ base: 'full', sm: 'auto' }}>
            <RouterLink to={uploadPage[item.type]}>
              {item.upload.uploaded ? t('programme.mine.change', { type: item.type }) : t('programme.mine.upload', { type: item.type })}
            </RouterLink>
          </Button>
        </Stack>
      </Card.Footer>
    </Card.Root>
  );
}
