/**
 * /admin/uploadSuccess: "Upload SUCCESS", what happens next, and the state-dependent button.
 * Only a save says that an abstract was saved: the form navigates here with the saved abstract in
 * the router state (kept over a reload). Opened any other way, the page claims nothing and leads
 * to the delegate's abstracts, where what is stored can be seen.
 */
import { Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { deadlines } from '#core/config/conference';
import { formatCstDeadline } from '#core/time';
import { Page } from '../../components/page';
import { paths, pathTo } from '../../config/paths';
import { usePersonInfo } from '../account/api';
import { successAction } from './success-action';

/** What the abstract form passes along after the server accepted a save. */
export interface SavedAbstractState {
  id: string;
  title: string;
  /** Whether the server sent the confirmation e-mail (a mail failure does not undo the save). */
  mailed: boolean;
}

function NothingSaved() {
  return (
    <Page title="Your abstracts">
      <Card.Root>
        <Card.Body>
          <Stack gap="4" align="flex-start">
            <Text>
              This page confirms an abstract right after you save it; no abstract was saved on the way here. Your abstracts, as they are
              stored, are listed on your abstracts page.
            </Text>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.abstracts}>View my abstracts</RouterLink>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

export default function AbstractSuccessPage() {
  // The button depends on the profile as it is now (it may have been completed on another device).
  const info = usePersonInfo({ fresh: true });
  const state = useLocation().state as Partial<SavedAbstractState> | null;
  if (!state?.id) return <NothingSaved />;
  const action = successAction(info.data);
  const known = info.isFetchedAfterMount || info.isError;
  return (
    <Page title="Upload SUCCESS" lead={state.title ? <>Your abstract &ldquo;{state.title}&rdquo; has been saved.</> : 'Your abstract has been saved.'}>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Text data-testid="confirmation-mail">
              {state.mailed === false
                ? 'The confirmation e-mail could not be sent just now. Your abstract is saved all the same: you can see it in your abstracts at any time.'
                : 'We have sent you a confirmation e-mail with the title, the authors and the files of the abstract.'}
            </Text>
            <Text>
              You can change or delete it until {formatCstDeadline(deadlines.abstractSubmission)}. The scientific committee will review it after the
              deadline and tell the presenting author the result by e-mail.
            </Text>
            <HStack gap="3" wrap="wrap">
              {known ? (
                <Button asChild colorPalette="brand">
                  <RouterLink to={action.to}>{action.label}</RouterLink>
                </Button>
              ) : (
                <Skeleton height="10" width="56" rounded="l2" />
              )}
              {known && action.to !== paths.abstracts && (
                <Button asChild variant="outline">
                  <RouterLink to={paths.abstracts}>My abstracts</RouterLink>
                </Button>
              )}
              <Button asChild variant="outline">
                <RouterLink to={pathTo(paths.abstractEdit, { id: state.id })}>View the abstract</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
