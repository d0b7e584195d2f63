/**
 * /common/register/success/{params} (spec section 2, two variants):
 * - `created`: the steps with "Complete" ahead and a Back button;
 * - `resend`: resend the activation e-mail, with the 60-second countdown.
 * Both offer "I have completed activation", which goes to /login.
 */
import { Box, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { resendSchema } from '#core/accounts/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { ProgressSteps } from '../../components/ui/progress-steps';
import { pathTo, paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { pendingActivation, useResendCountdown } from './activation-countdown';
import { accountApi } from './api';

function ResendActivation() {
  const [email, setEmail] = useState(() => pendingActivation.email());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const countdown = useResendCountdown();

  const send = async () => {
    setError(null);
    setNotice(null);
    const parsed = resendSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please input email');
      return;
    }
    setSending(true);
    try {
      const result = await accountApi.resendActivation(parsed.data.email);
      pendingActivation.setEmail(parsed.data.email);
      countdown.start(result.retry_after);
      setNotice('register success. A new activation e-mail is on its way: it can take 2-3 minutes.');
    } catch (e) {
      if (isCancelled(e)) return;
      const retry = e instanceof ApiError ? (e.data as { retry_after?: number } | null)?.retry_after : undefined;
      if (retry) countdown.start(retry);
      setError(e instanceof ApiError ? e.message : 'request failure.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="4">
      <Text>Enter the address you registered with and we will send the activation e-mail again.</Text>
      {notice && <FormAlert status="success" title="System notice">{notice}</FormAlert>}
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>E-mail</Field.Label>
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Button
        colorPalette="brand"
        variant="outline"
        onClick={() => void send()}
        disabled={countdown.left > 0}
        loading={sending}
        aria-live="polite"
      >
        {countdown.left > 0 ? `Resend available in ${countdown.left} s` : 'Resend Activation Email'}
      </Button>
    </Stack>
  );
}

export default function AccountCreatedPage() {
  const { params } = useParams();
  const navigate = useNavigate();
  const variant = params === 'resend' ? 'resend' : 'created';
  const email = pendingActivation.email();

  return (
    <Page
      title={variant === 'created' ? 'Account created' : 'Activate your account'}
      lead={
        variant === 'created'
          ? 'One more step: open the link we sent to your mailbox to activate the account.'
          : 'Your account must be activated before you can log in.'
      }
    >
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body gap="6">
          {variant === 'created' && (
            <>
              <ProgressSteps steps={['Create account', 'Activate by e-mail', 'Complete']} current={1} />
              <Box>
                <Text>
                  We sent an activation e-mail{email ? ` to ${email}` : ''}. The link works once and expires in 24 hours.
                </Text>
                <Text mt="2" color="gray.700">
                  Nothing after 2-3 minutes? Check the spam folder, or{' '}
                  <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })} style={{ textDecoration: 'underline' }}>
                    send it again
                  </RouterLink>
                  .
                </Text>
              </Box>
            </>
          )}
          {variant === 'resend' && <ResendActivation />}
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.login}>I have completed activation</RouterLink>
            </Button>
            {variant === 'created' && (
              <Button variant="outline" onClick={() => navigate(paths.home)}>
                Back
              </Button>
            )}
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
