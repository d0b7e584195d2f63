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
import { useT } from '../../i18n/i18n';

function ReviewNav() {
  const t = useT();
  const sections = [
    { path: paths.review, label: t('review.frame.myReviews') },
    { path: paths.reviewCommittee, label: t('review.frame.committee') },
    { path: paths.reviewProgramme, label: t('review.frame.programme') },
  ];
  return <SectionNav label={t('review.frame.nav')} links={sections} />;
}

export function ReviewFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <Page title={title} lead={t('review.frame.lead')} width="wide">
      <Stack gap="6">
        <ReviewNav />
        {children}
      </Stack>
    </Page>
  );
}

/** An account without the role this page needs: what it is for and whom to ask. */
export function NotOnTheTeam(props: { message: string }) {
  const t = useT();
  return (
    <Stack gap="4">
      <FormAlert status="info" title={props.message}>
        {t('review.frame.notOnTeam')}
      </FormAlert>
      <Text>
        <SmartLink href={paths.center}>{t('review.frame.toCentre')}</SmartLink>
      </Text>
    </Stack>
  );
}
