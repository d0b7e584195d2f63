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

const steps = ['Create account', 'Activate by e-mail', 'Complete'];

export default function StepTwoPage() {
  const { token } = useSession();
  if (token) {
    return (
      <Page title="Your account is active" lead="Every step of creating your account is done: you are logged in with it.">
        <Card.Root maxW="xl" mx="auto" width="100%">
          <Card.Body gap="6">
            <ProgressSteps steps={steps} current={steps.length} />
            <Text>Register for the congress, submit abstracts and follow your orders from your account.</Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="brand">
                <RouterLink to={accountHome}>Go to your account</RouterLink>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      </Page>
    );
  }
  return (
    <Page title="Activate your account" lead="Step 2 of 3: open the activation link we sent to your mailbox.">
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body gap="6">
          <ProgressSteps steps={steps} current={1} />
          <Stack gap="2">
            <Text>
              When you created your account we sent an activation e-mail to its address. Open the link in it: it works once and
              expires in 24 hours. Then log in.
            </Text>
            <Text color="gray.700">
              Nothing after 2-3 minutes? Check the spam folder, or{' '}
              <ChakraLink asChild color="brand.fg" textDecoration="underline">
                <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })}>send the activation e-mail again</RouterLink>
              </ChakraLink>
              .
            </Text>
          </Stack>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.login}>I have completed activation</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.registerStepOne}>Create an account</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
