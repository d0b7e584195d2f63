import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { abstractLimits } from '#core/config/conference';
import { paths } from '../../config/paths';
import { useT } from '../../i18n/i18n';
import { useDeadlineText } from './abstracts-frame';

/**
 * What a delegate who holds the most abstracts one may submit sees instead of a new-abstract
 * form: the limit first, before anything is typed (the server refuses a sixth in any case).
 */
export function AbstractLimitReached() {
  const t = useT();
  const max = abstractLimits.maxAbstractsPerDelegate;
  return (
    <Stack gap="4" align="flex-start" role="status">
      <Text fontSize="lg" fontWeight="semibold">
        {t('abstracts.limit.title', { max })}
      </Text>
      <Text>
        {t('abstracts.limit.textBefore', { max })}
        <strong>{useDeadlineText()}</strong>
        {t('abstracts.limit.textAfter')}
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.abstracts}>{t('abstracts.list.yours')}</RouterLink>
      </Button>
    </Stack>
  );
}
