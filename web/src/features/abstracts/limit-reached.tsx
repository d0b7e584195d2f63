import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { abstractLimits, deadlines } from '#core/config/conference';
import { formatCstDeadline } from '#core/time';
import { paths } from '../../config/paths';

/**
 * What a delegate who holds the most abstracts one may submit sees instead of a new-abstract
 * form: the limit first, before anything is typed (the server refuses a sixth in any case).
 */
export function AbstractLimitReached() {
  const max = abstractLimits.maxAbstractsPerDelegate;
  return (
    <Stack gap="4" align="flex-start" role="status">
      <Text fontSize="lg" fontWeight="semibold">
        You have submitted the maximum of {max} abstracts.
      </Text>
      <Text>
        One delegate may submit at most {max} abstracts. To submit another, first delete one of yours on your abstracts page. Until{' '}
        <strong>{formatCstDeadline(deadlines.abstractSubmission)}</strong> you can also change the ones you have.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.abstracts}>Your abstracts</RouterLink>
      </Button>
    </Stack>
  );
}
