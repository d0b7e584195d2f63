/**
 * /office: the registration office's overview. Organisers only, behind a second factor
 * (office-frame.tsx); each section of the office is one page (sections.ts).
 */
import { Card, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { SmartLink } from '../../components/smart-link';
import { Dashboard } from './dashboard';
import { OfficeFrame } from './office-frame';
import { officeSections } from './sections';
import { useT } from '../../i18n/i18n';

export default function OfficePage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.frame.title')}>
      <Stack gap="10">
      <Dashboard />
      <Heading as="h2" size="lg">
        {t('office.overview.sections')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {officeSections
          .filter((s) => s.label && s.description)
          .map((s) => (
            <Card.Root key={s.path}>
              <Card.Header>
                <Card.Title as="h3">
                  <SmartLink href={s.path}>{t(s.label!)}</SmartLink>
                </Card.Title>
              </Card.Header>
              <Card.Body pt="0">{t(s.description!)}</Card.Body>
            </Card.Root>
          ))}
      </SimpleGrid>
      </Stack>
    </OfficeFrame>
  );
}
