/**
 * /office/abstracts/:owner/:id: one abstract as the office reads it: its text, authors and
 * presenters, its PDFs and its author's posters and slides (download links for organisers, valid
 * for a few minutes), and its history.
 */
import { Box, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatInstant } from '#core/i18n/format';
import { useLang, useT } from '../../i18n/i18n';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { categoryNameOf } from '../abstracts/option-labels';
import { officeApi } from './api';
import { AuditTable } from './audit-trail';
import { FileLink } from './file-link';
import { OfficeFrame } from './office-frame';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

const person = (p: { first_name: string; last_name: string; institute?: string; city?: string; country?: string }) =>
  [`${p.first_name} ${p.last_name}`, p.institute, p.city, p.country].filter(Boolean).join(', ');

function AbstractDetail({ owner, id }: { owner: string; id: string }) {
  const t = useT();
  const lang = useLang();
  const detail = useQuery({ queryKey: ['office', 'abstract', owner, id], queryFn: () => officeApi.abstract(owner, id) });
  if (detail.isPending) return <Text color="gray.700">{t('office.abstracts.detail.loading')}</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('office.abstracts.detail.loadFailed')} />;
  const a = detail.data;
  const facts: [string, ReactNode][] = [
    [t('office.abstracts.detail.category'), categoryNameOf(t, a.abstract_category, a.abstract_category_name)],
    [
      t('office.abstracts.detail.author'),
      a.author ? <SmartLink href={pathTo(paths.officeDelegate, { id: a.author.id })}>{a.author.name || a.author.email}</SmartLink> : t('office.abstracts.accountGone'),
    ],
    [t('office.abstracts.detail.keywords'), a.keywords],
    [t('office.abstracts.detail.submitted'), formatInstant(lang, a.created_at)],
    [t('office.abstracts.detail.changed'), formatInstant(lang, a.updated_at)],
  ];
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h2" size="xl">
          {a.title_of_abstract}
        </Heading>
        <DataList.Root orientation="horizontal">
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="8rem">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Stack>
      <Section title={t('office.abstracts.detail.pdfs')}>
        {a.pdfs.length === 0 ? (
          <Text color="gray.700">{t('office.abstracts.detail.noPdf')}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {a.pdfs.map((f) => (
              <Box as="li" key={f.id}>
                <FileLink file={f} /> <Text as="span" fontSize="sm" color="gray.700">{`(${(f.size / 1024).toFixed(0)} KB)`}</Text>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('office.abstracts.detail.authors')}>
        <Stack as="ol" gap="1" ps="5">
          {a.authors.map((p, i) => (
            <li key={i}>{person(p)}</li>
          ))}
        </Stack>
        {a.presenter_infos.length > 0 && <Text>{t('office.abstracts.detail.presenters', { names: a.presenter_infos.map((p) => `${p.first_name} ${p.last_name}`).join('; ') })}</Text>}
      </Section>
      <Section title={t('office.abstracts.detail.abstract')}>
        <Text whiteSpace="pre-wrap">{a.abstract_body}</Text>
      </Section>
      <Section title={t('office.abstracts.detail.presentations')}>
        {a.presentations.length === 0 ? (
          <Text color="gray.700">{t('office.abstracts.detail.noneUploaded')}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {a.presentations.map((f) => (
              <Box as="li" key={f.id}>
                <Text as="span" fontWeight="medium">{f.purpose === 'poster' ? t('office.abstracts.detail.poster') : t('office.abstracts.detail.oral')}{lang === 'en' ? ':' : '：'}</Text> <FileLink file={f} />
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('office.abstracts.detail.history')}>
        <AuditTable entries={a.activity} label={t('office.abstracts.detail.historyLabel')} />
      </Section>
    </Stack>
  );
}

export default function AbstractPage() {
  const t = useT();
  const { owner = '', id = '' } = useParams();
  return (
    <OfficeFrame title={t('office.abstracts.detail.title')}>
      <Stack gap="4">
        <SmartLink href={paths.officeAbstracts}>{t('office.abstracts.detail.back')}</SmartLink>
        <AbstractDetail owner={owner} id={id} />
      </Stack>
    </OfficeFrame>
  );
}
