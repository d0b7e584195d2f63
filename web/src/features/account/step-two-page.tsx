/**
 * /register/StepTwo/{params}: the second step of creating an account (portal spec section 2,
 * "later account-creation step", its content not shown). Here that step is the activation by
 * e-mail: after /register/StepOne the account exists but cannot log in until its link is opened.
 * The page says so, with the ways on (log in once activated, send the mail again, create an
 * account); a delegate who is logged in has done this step and is shown where to go next.
 * `{params}` carries nothing this page reads (docs/decisions/0025-step-two-and-the-order-detail-page.md).
 */
import { Button, Card, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../components/page';
import { ProgressSteps } from '../../components/ui/progress-steps';
import { accountHome, pathTo, paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useT } from '../../i18n/i18n';

export default function StepTwoPage() {
  const { token } = useSession();
  const t = useT();
  const steps = [t('account.steps.create'), t('account.steps.activate'), t('account.steps.complete')];
  if (token) {
    return (
      <Page title={t('account.stepTwo.activeTitle')} lead={t('account.stepTwo.activeLead')}>
        <Card.Root maxW="xl" mx="auto" width="100%">
          <Card.Body gap="6">
            <ProgressSteps steps={steps} current={steps.length} />
            <Text>{t('account.stepTwo.activeText')}</Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="brand">
                <RouterLink to={accountHome}>{t('account.stepTwo.goToAccount')}</RouterLink>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      </Page>
    );
  }
  return (
    <Page title={t('account.activateTitle')} lead={t('account.stepTwo.lead')}>
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body gap="6">
          <ProgressSteps steps={steps} current={1} />
          <Stack gap="2">
            <Text>{t('account.stepTwo.text')}</Text>
            <Text color="gray.700">
              {t('account.nothingYet')}
              <ChakraLink asChild color="brand.fg" textDecoration="underline">
                <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })}>{t('account.stepTwo.sendAgain')}</RouterLink>
              </ChakraLink>
              {t('account.sentenceEnd')}
            </Text>
          </Stack>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.login}>{t('account.completedActivation')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.registerStepOne}>{t('account.stepTwo.createAccount')}</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
