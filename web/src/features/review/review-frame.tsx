/**
 * The frame of the review's pages: the reviewer's queue and the committee's page as its
 * navigation, and a clear refusal for an account without the role (the server checks it).
 */
import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { SectionNav } from '../../components/section-nav';
import { SmartLink } from '../../components/smart-link';
import { paths } from '../../config/paths';

const LEAD = 'For the abstract reviewers and the programme committee of IACR 2024.';

const sections = [
  { path: paths.review, label: 'My reviews' },
  { path: paths.reviewCommittee, label: 'Committee' },
];

function ReviewNav() {
  return <SectionNav label="Review" links={sections} />;
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
