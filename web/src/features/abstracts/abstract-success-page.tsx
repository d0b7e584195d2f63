/** /admin/uploadSuccess: "Upload SUCCESS", what happens next, and the state-dependent button. */
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { deadlines } from '#core/config/conference';
import { formatCstDeadline } from '#core/time';
import { Page } from '../../components/page';
import { paths, pathTo } from '../../config/paths';
import { usePersonInfo } from '../account/api';
import { successAction } from './success-action';

export default function AbstractSuccessPage() {
  const info = usePersonInfo();
  const state = useLocation().state as { id?: string; title?: string } | null;
  const action = successAction(info.data);
  return (
    <Page title="Upload SUCCESS" lead={state?.title ? <>Your abstract &ldquo;{state.title}&rdquo; has been saved.</> : 'Your abstract has been saved.'}>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Text>We have sent you a confirmation e-mail with the title, the authors and the files of the abstract.</Text>
            <Text>
              You can change or delete it until {formatCstDeadline(deadlines.abstractSubmission)}. The scientific committee will review it after the
              deadline and tell the presenting author the result by e-mail.
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="brand">
                <RouterLink to={action.to}>{action.label}</RouterLink>
              </Button>
              {state?.id && action.to !== paths.abstracts && (
                <Button asChild variant="outline">
                  <RouterLink to={paths.abstracts}>My abstracts</RouterLink>
                </Button>
              )}
              {state?.id && (
                <Button asChild variant="outline">
                  <RouterLink to={pathTo(paths.abstractEdit, { id: state.id })}>View the abstract</RouterLink>
                </Button>
              )}
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
