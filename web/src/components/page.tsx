/**
 * The frame of every page: its <title> and description (hoisted to <head> by React, also when
 * pre-rendered), a heading that receives focus after client-side navigation, and the lead text.
 */
import { Box, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { MessageId } from '#core/i18n/messages';
import { useT } from '../i18n/i18n';

export function PageTitle({ title, description }: { title: string; description?: string }) {
  const t = useT();
  return (
    <>
      <title>{t('frame.titleSuffix', { title })}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}

/** The page's box and its title area: the same for a page and its skeleton, so one replaces the other in place. */
const pageBox = { py: { base: '6', md: '10' }, px: { base: '4', md: '6' } } as const;
const titleArea = { gap: '2', mb: { base: '6', md: '8' } } as const;
/** Line heights of the title (heading size 2xl, 3xl from md) and of the lead (text md, lg from md). */
const titleLine = { base: '2rem', md: '2.375rem' } as const;
const leadLine = { base: '1.5rem', md: '1.6875rem' } as const;

/** The skeleton's heading has no id: focus after navigation goes to the page's own (site-layout.tsx). */
function PageHeading({ title, skeleton = false }: { title: string; skeleton?: boolean }) {
  const focusable = skeleton ? {} : ({ id: 'page-title', tabIndex: -1, outline: 'none' } as const);
  return (
    <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.fg" {...focusable}>
      {title}
    </Heading>
  );
}

export function Page(props: {
  title: string;
  lead?: ReactNode;
  description?: string;
  /** narrow: reading; wide: forms and lists; full: the office's tables, as wide as the header (a laptop screen). */
  width?: 'narrow' | 'wide' | 'full';
  children: ReactNode;
}) {
  return (
    <Container maxW={props.width === 'full' ? '7xl' : props.width === 'wide' ? '6xl' : '4xl'} {...pageBox}>
      <PageTitle title={props.title} description={props.description} />
      <Stack {...titleArea}>
        <PageHeading title={props.title} />
        {props.lead && <PageLead>{props.lead}</PageLead>}
      </Stack>
      {props.children}
    </Container>
  );
}

function PageLead({ children }: { children: ReactNode }) {
  return (
    <Text fontSize={{ base: 'md', md: 'lg' }} color="gray.700" maxW="3xl">
      {children}
    </Text>
  );
}

/** What a page shows before its code and data: its title, lead and width (a page frame, web/src/app/page-frames.tsx). */
export interface PageFrame {
  title: string;
  /** The title's catalog id: the skeleton (also the pre-rendered one under /zh) shows it in the page's language. */
  titleId?: MessageId;
  lead?: ReactNode;
  width?: 'narrow' | 'wide';
}

/**
 * Placeholder of a page whose code or data is loading, in the page's own box: the title area
 * where the page's will be (its heading when the page knows it already), then lines of content.
 * The SPA shell (app.html) paints it before any script runs.
 */
export function PageSkeleton({ title: english, titleId, lead, width }: Partial<PageFrame>) {
  const t = useT();
  const title = titleId ? t(titleId) : english;
  return (
    <Container maxW={width === 'wide' ? '6xl' : '4xl'} {...pageBox} aria-busy="true">
      {title && <PageTitle title={title} />}
      <Box srOnly role="status">
        {t('frame.loading')}
      </Box>
      <Stack {...titleArea}>
        {title ? <PageHeading title={title} skeleton /> : <Skeleton height={titleLine} width="60%" />}
        {lead ? <PageLead>{lead}</PageLead> : <Skeleton height={leadLine} width="80%" />}
      </Stack>
      <Stack gap="4">
        <Skeleton height="5" />
        <Skeleton height="5" />
        <Skeleton height="5" width="80%" />
      </Stack>
    </Container>
  );
}
