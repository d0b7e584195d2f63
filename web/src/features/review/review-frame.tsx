/**
 * The frame of the review's pages: the reviewer's queue and the committee's page as its
 * navigation, and a clear refusal for an account without the role (the server checks it).
 */
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { SmartLink } from '../../components/smart-link';
import { matchesRoute, paths } from '../../config/paths';

const LEAD = 'For the abstract reviewers and the programme committee of IACR 2024.';

const sections = [
  { path: paths.review, label: 'My reviews' },
  { path: paths.reviewCommittee, label: 'Committee' },
];

function ReviewNav() {
  const { pathname } = useLocation();
  return (
    <Box as="nav" aria-label="Review" borderBottomWidth="1px" borderColor="gray.200" pb="3">
      <Flex as="ul" wrap="wrap" gap="1" listStyleType="none">
        {sections.map((s) => {
          const current = matchesRoute(s.path, pathname);
          return (
            <Box as="li" key={s.path}>
              <SmartLink
                href={s.path}
                aria-current={current ? 'page' : undefined}
                display="inline-block"
                px="3"
                py="2"
                minH="11"
                rounded="md"
                fontWeight={current ? 'semibold' : 'normal'}
                bg={current ? 'brand.subtle' : undefined}
                color={current ? 'brand.fg' : 'gray.800'}
                textDecoration="none"
                _hover={{ bg: 'gray.100' }}
              >
                {s.label}
              </SmartLink>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}

export function ReviewFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} lead={LEAD} width="wide">
      <Stack gap="6">
        <ReviewNav />
        {children}
      </Stack>
    </Page>
  );
}

/** An account without the role this page needs: what it is for and whom to ask. */
export function NotOnTheTeam(props: { message: string }) {
  return (
    <Stack gap="4">
      <FormAlert status="info" title={props.message}>
        The registration office grants the review roles. If you review abstracts for IACR 2024, ask it to add your account.
      </FormAlert>
      <Text>
        <SmartLink href={paths.center}>Go to your account centre</SmartLink>
      </Text>
    </Stack>
  );
}
