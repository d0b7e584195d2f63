/**
 * The frame of every office page: organisers only (the role comes from `npm run organiser`),
 * behind a second factor once per office session (second-factor.tsx), with the office's sections
 * (sections.ts) as its navigation. A page renders its content inside; the frame shows the
 * refusal, the set-up or the code form instead while the session may not see it.
 */
import { HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MessageId } from '#core/i18n/messages';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { SectionNav } from '../../components/section-nav';
import { SmartLink } from '../../components/smart-link';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { secondFactorQuery } from '../../components/second-factor/api';
import { officeSections } from './sections';
import { Enrol, Verify } from '../../components/second-factor/second-factor';
import { useT } from '../../i18n/i18n';

const officeLinks = officeSections.filter((s): s is typeof s & { label: MessageId } => Boolean(s.label));

function OfficeNav() {
  const t = useT();
  return <SectionNav label={t('office.frame.nav')} links={officeLinks.map((s) => ({ path: s.path, label: t(s.label) }))} />;
}

export function OfficeFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const LEAD = t('office.frame.lead');
  const status = useQuery(secondFactorQuery);
  if (status.isPending) {
    return (
      <Page title={title} lead={LEAD} width="full">
        <Text>{t('office.frame.loading')}</Text>
      </Page>
    );
  }
  if (status.isError) {
    const error = status.error;
    const gate = error instanceof ApiError ? (error.data as { second_factor?: string } | null)?.second_factor : undefined;
    if (error instanceof ApiError && error.status === 403 && !gate) {
      return (
        <Page title={t('office.frame.title')} lead={LEAD}>
          <Stack gap="4">
            <FormAlert status="info" title={error.message}>
              {t('office.frame.askRole')}
            </FormAlert>
            <Text>
              <SmartLink href={paths.center}>{t('office.frame.toCentre')}</SmartLink>
            </Text>
          </Stack>
        </Page>
      );
    }
    return (
      <Page title={title} lead={LEAD}>
        <QueryError error={error} onRetry={() => void status.refetch()} />
      </Page>
    );
  }
  const s = status.data;
  const open = s.enrolled && s.verified;
  return (
    <Page title={open ? title : t('office.frame.title')} lead={LEAD} width="full">
      <Stack gap="6">
        <HStack gap="2" wrap="wrap" color="gray.700">
          <Text>{t('office.frame.signedInAs')}</Text>
          <Text fontWeight="semibold" wordBreak="break-all">
            {s.email}
          </Text>
        </HStack>
        {!s.enrolled ? <Enrol /> : !s.verified ? <Verify recoveryCodesLeft={s.recovery_codes_left} /> : (
          <>
            <OfficeNav />
            {children}
          </>
        )}
      </Stack>
    </Page>
  );
}
