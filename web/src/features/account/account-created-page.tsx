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
import { useLocalise, useT } from '../../i18n/i18n';

function ResendActivation() {
  const t = useT();
  const localise = useLocalise();
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
      setNotice(t('account.created.resent'));
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
      <Text>{t('account.created.resendIntro')}</Text>
      {notice && <FormAlert status="success" title={t('account.created.noticeTitle')}>{notice}</FormAlert>}
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{t('account.email')}</Field.Label>
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field.ErrorText>{error === null ? null : localise(error)}</Field.ErrorText>
      </Field.Root>
      <Button
        colorPalette="brand"
        variant="outline"
        onClick={() => void send()}
        disabled={countdown.left > 0}
        loading={sending}
        aria-live="polite"
      >
        {countdown.left > 0 ? t('account.created.resendIn', { seconds: countdown.left }) : t('account.resendActivation')}
      </Button>
    </Stack>
  );
}

export default function AccountCreatedPage() {
  const { params } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const variant = params === 'resend' ? 'resend' : 'created';
  const email = pendingActivation.email();

  return (
    <Page
      title={variant === 'created' ? t('account.created.title') : t('account.activateTitle')}
      lead={
        variant === 'created'
          ? t('account.created.lead')
          : t('account.created.resendLead')
      }
    >
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body gap="6">
          {variant === 'created' && (
            <>
              <ProgressSteps steps={[t('account.steps.create'), t('account.steps.activate'), t('account.steps.complete')]} current={1} />
              <Box>
                <Text>{email ? t('account.created.sentTo', { email }) : t('account.created.sent')}</Text>
                <Text mt="2" color="gray.700">
                  {t('account.nothingYet')}
                  <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })} style={{ textDecoration: 'underline' }}>
                    {t('account.created.sendAgain')}
                  </RouterLink>
                  {t('account.sentenceEnd')}
                </Text>
              </Box>
            </>
          )}
          {variant === 'resend' && <ResendActivation />}
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.login}>{t('account.completedActivation')}</RouterLink>
            </Button>
            {variant === 'created' && (
              <Button variant="outline" onClick={() => navigate(paths.home)}>
                {t('account.back')}
              </Button>
            )}
          </HStack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
