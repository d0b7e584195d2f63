import { Button, HStack, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { pathIn } from '#core/i18n/lang';
import { useLang, useT } from '../../i18n/i18n';

/** In the SPA for an unknown in-app path; as /404.html (static, status 404) for every other unknown path. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  const lang = useLang();
  return (
    <Page title={t('errors.notFound.title')} lead={t('errors.notFound.lead')}>
      <Text mb="6" color="gray.700">
        {t('errors.notFound.textBefore')}
        <code data-current-path="">{pathname}</code>
        {t('errors.notFound.textAfter')}
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <a href={pathIn(lang, paths.home)}>{t('errors.notFound.home')}</a>
        </Button>
        <Button asChild variant="outline">
          <a href={pathIn(lang, paths.contact)}>{t('errors.notFound.contact')}</a>
        </Button>
      </HStack>
    </Page>
  );
}
