/**
 * /admin/uploadSuccess: "Upload SUCCESS", what happens next, and the state-dependent button.
 * Only a save says that an abstract was saved: the form navigates here with the saved abstract in
 * the router state (kept over a reload). Opened any other way, the page claims nothing and leads
 * to the delegate's abstracts, where what is stored can be seen.
 */
import { Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Page } from '../../components/page';
import { paths, pathTo } from '../../config/paths';
import { usePersonInfo } from '../account/api';
import { successAction } from './success-action';
import type { MessageId } from '#core/i18n/messages';
import { useT } from '../../i18n/i18n';
import { useDeadlineText } from './abstracts-frame';

/** The button's words (success-action.ts keeps the spec's English) by where it leads. */
const actionLabels: Record<string, MessageId> = {
  [paths.registerInformation]: 'abstracts.success.toProfile',
  [paths.fee]: 'abstracts.success.toPayment',
  [paths.abstracts]: 'abstracts.success.toAbstracts',
};

/** What the abstract form passes along after the server accepted a save. */
export interface SavedAbstractState {
  id: string;
  title: string;
  /** Whether the server sent the confirmation e-mail (a mail failure does not undo the save). */
  mailed: boolean;
}

function NothingSaved() {
  const t = useT();
  return (
    <Page title={t('abstracts.list.yours')}>
      <Card.Root>
        <Card.Body>
          <Stack gap="4" align="flex-start">
            <Text>
              {t('abstracts.success.nothingSaved')}
            </Text>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.abstracts}>{t('abstracts.success.viewMine')}</RouterLink>
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
  const t = useT();
  const deadline = useDeadlineText();
  if (!state?.id) return <NothingSaved />;
  const action = successAction(info.data);
  const known = info.isFetchedAfterMount || info.isError;
  return (
    <Page title={t('abstracts.success.title')} lead={state.title ? t('abstracts.success.leadTitled', { title: state.title }) : t('abstracts.success.lead')}>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Text data-testid="confirmation-mail">
              {state.mailed === false
                ? t('abstracts.success.mailFailed')
                : t('abstracts.success.mailSent')}
            </Text>
            <Text>
              {t('abstracts.success.next', { deadline })}
            </Text>
            <HStack gap="3" wrap="wrap">
              {known ? (
                <Button asChild colorPalette="brand">
                  <RouterLink to={action.to}>{actionLabels[action.to] ? t(actionLabels[action.to]!) : action.label}</RouterLink>
                </Button>
              ) : (
                <Skeleton height="10" width="56" rounded="l2" />
              )}
              {known && action.to !== paths.abstracts && (
                <Button asChild variant="outline">
                  <RouterLink to={paths.abstracts}>{t('abstracts.success.mine')}</RouterLink>
                </Button>
              )}
              <Button asChild variant="outline">
                <RouterLink to={pathTo(paths.abstractEdit, { id: state.id })}>{t('abstracts.success.viewIt')}</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
