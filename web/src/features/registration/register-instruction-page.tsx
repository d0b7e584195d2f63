import { Box, Button, Text } from '@chakra-ui/react';
import instruction from '../../content/pages/register-instruction.json';
import type { PageContent } from '../../content/schema';
import { ContentPage } from '../../components/content/content-page';
import { paths } from '../../config/paths';
import { whenLoggedIn, whenLoggedOut } from '../../components/ui/session-visibility';
import { pathIn } from '#core/i18n/lang';
import { useLang, useT } from '../../i18n/i18n';

/**
 * /register/instruction (static): fees from the config; Next (to create an account) only when
 * logged out, chosen by CSS from `<html data-session>` so it is right from the first paint.
 */
export default function RegisterInstructionPage() {
  const t = useT();
  const lang = useLang();
  return (
    <ContentPage content={instruction as PageContent}>
      <Box mt="8" minH="12">
        <Text color="gray.700" className={whenLoggedIn}>
          {t('registration.instruction.loggedIn')}
        </Text>
        <Button asChild colorPalette="brand" size="lg" className={whenLoggedOut}>
          <a href={pathIn(lang, paths.registerStepOne)}>{t('registration.wizard.next')}</a>
        </Button>
      </Box>
    </ContentPage>
  );
}
