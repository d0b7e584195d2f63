import { Button, Stack, Text } from '@chakra-ui/react';
import { deadlines } from '#core/config/conference';
import { formatCstDeadline } from '#core/time';
import { paths } from '../../config/paths';

/** What a delegate sees instead of a new-abstract form once the deadline has passed. */
export function SubmissionClosed() {
  return (
    <Stack gap="4" align="flex-start" role="status">
      <Text fontSize="lg" fontWeight="semibold">
        Abstract submission is closed.
      </Text>
      <Text>
        The deadline was <strong>{formatCstDeadline(deadlines.abstractSubmission)}</strong>. You can still read the abstracts you
        submitted.
      </Text>
      {/* A plain link: from a static page it loads the SPA; in the SPA it is a short reload. */}
      <Button asChild colorPalette="brand">
        <a href={paths.abstracts}>Your abstracts</a>
      </Button>
    </Stack>
  );
}
