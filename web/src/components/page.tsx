/**
 * The frame of every page: its <title> and description (hoisted to <head> by React, also when
 * pre-rendered), a heading that receives focus after client-side navigation, and the lead text.
 */
import { Box, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function PageTitle({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{`${title} | IACR 2024 Beijing`}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}

export function Page(props: {
  title: string;
  lead?: ReactNode;
  description?: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <Container maxW={props.width === 'wide' ? '6xl' : '4xl'} py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageTitle title={props.title} description={props.description} />
      <Stack gap="2" mb={{ base: '6', md: '8' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.fg" id="page-title" tabIndex={-1} outline="none">
          {props.title}
        </Heading>
        {props.lead && (
          <Text fontSize={{ base: 'md', md: 'lg' }} color="gray.700" maxW="3xl">
            {props.lead}
          </Text>
        )}
      </Stack>
      {props.children}
    </Container>
  );
}

/** Placeholder while the congress facts load (only on pages that were not pre-rendered). */
export function PageSkeleton() {
  return (
    <Container maxW="4xl" py="10" aria-busy="true" aria-live="polite">
      <Box srOnly>Loading...</Box>
      <Stack gap="4">
        <Skeleton height="10" width="60%" />
        <Skeleton height="5" />
        <Skeleton height="5" />
        <Skeleton height="5" width="80%" />
      </Stack>
    </Container>
  );
}
