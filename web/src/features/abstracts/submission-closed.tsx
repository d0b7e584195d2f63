import { Button, Stack, Text } from '@chakra-ui/react';
import { pathIn } from '#core/i18n/lang';
import { paths } from '../../config/paths';
import { useLang, useT } from '../../i18n/i18n';
import { useDeadlineText } from './abstracts-frame';

/** What a delegate sees instead of a new-abstract form once the deadline has passed. */
export function SubmissionClosed() {
  const t = useT();
  const lang = useLang();
  return (
    <Stack gap="4" align="flex-start" role="status">
      <Text fontSize="lg" fontWeight="semibold">
        {t('abstracts.closed.title')}
      </Text>
      <Text>
        {t('abstracts.closed.textBefore')}
        <strong>{useDeadlineText()}</strong>
        {t('abstracts.closed.textAfter')}
      </Text>
      {/* A plain link: from a static page it loads the SPA; in the SPA it is a short reload. */}
      <Button asChild colorPalette="brand">
        <a href={pathIn(lang, paths.abstracts)}>{t('abstracts.list.yours')}</a>
      </Button>
    </Stack>
  );
}
