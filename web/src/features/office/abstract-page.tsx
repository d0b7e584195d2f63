/**
 * /office/abstracts/:owner/:id: one abstract as the office reads it: its text, authors and
 * presenters, its PDFs and its author's posters and slides (download links for organisers, valid
 * for a few minutes), and its history.
 */
import { Box, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatCstInstant } from '#core/time';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
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
  const detail = useQuery({ queryKey: ['office', 'abstract', owner, id], queryFn: () => officeApi.abstract(owner, id) });
  if (detail.isPending) return <Text color="gray.700">Loading the abstract...</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The abstract could not be loaded." />;
  const a = detail.data;
  const facts: [string, ReactNode][] = [
    ['Category', a.abstract_category_name],
    ['Author', a.author ? <SmartLink href={pathTo(paths.officeDelegate, { id: a.author.id })}>{a.author.name || a.author.email}</SmartLink> : '(account gone)'],
    ['Keywords', a.keywords],
    ['Submitted', formatCstInstant(a.created_at)],
    ['Last changed', formatCstInstant(a.updated_at)],
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
      <Section title="Abstract PDFs">
        {a.pdfs.length === 0 ? (
          <Text color="gray.700">No PDF.</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {a.pdfs.map((f) => (
              <Box as="li" key={f.id}>
                <FileLink file={f} /> <Text as="span" fontSize="sm" color="gray.700">({(f.size / 1024).toFixed(0)} KB)</Text>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Authors and presenters">
        <Stack as="ol" gap="1" ps="5">
          {a.authors.map((p, i) => (
            <li key={i}>{person(p)}</li>
          ))}
        </Stack>
        {a.presenter_infos.length > 0 && <Text>Presenters: {a.presenter_infos.map((p) => `${p.first_name} ${p.last_name}`).join('; ')}</Text>}
      </Section>
      <Section title="Abstract">
        <Text whiteSpace="pre-wrap">{a.abstract_body}</Text>
      </Section>
      <Section title="The author's posters and slides">
        {a.presentations.length === 0 ? (
          <Text color="gray.700">None uploaded.</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {a.presentations.map((f) => (
              <Box as="li" key={f.id}>
                <Text as="span" fontWeight="medium">{f.purpose === 'poster' ? 'Poster' : 'Oral presentation'}:</Text> <FileLink file={f} />
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="History">
        <AuditTable entries={a.activity} label="History of the abstract and its PDFs" />
      </Section>
    </Stack>
  );
}

export default function AbstractPage() {
  const { owner = '', id = '' } = useParams();
  return (
    <OfficeFrame title="Abstract">
      <Stack gap="4">
        <SmartLink href={paths.officeAbstracts}>Back to the abstracts</SmartLink>
        <AbstractDetail owner={owner} id={id} />
      </Stack>
    </OfficeFrame>
  );
}
