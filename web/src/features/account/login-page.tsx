/**
 * /login (spec sections 2 and 5): e-mail and password; links to resend the activation e-mail,
 * create an ID and reset the password; the presenters' contact; the Gmail hint. After login the
 * person info is loaded and the delegate returns to where the guard stopped them, or to the
 * account page.
 */
import { Box, Card, HStack, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { loginSchema, type LoginInput } from '#core/accounts/schemas';
import { conference } from '#core/config/conference';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton, useHydrated } from '../../components/form/submit-button';
import { PasswordField, TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { Page } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { accountHome, pathTo, paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { pendingActivation } from './activation-countdown';
import { accountApi, personInfoKey } from './api';
import type { LoginState } from './login-state';
import { useLang, useT } from '../../i18n/i18n';
import { parseLang, pathIn } from '#core/i18n/lang';
import { rememberLang } from '../../islands/language-switch';

const NOT_ACTIVATED = -101;

/**
 * Where a login lands: the page the delegate came from (spec), except a page that sent them here
 * itself. A password change logs the delegate out: they land on the account centre, not on the
 * form they have just used.
 */
function returnTo(from: string | undefined) {
  if (from === paths.updatePassword) return paths.center;
  return from && from !== paths.login ? from : accountHome;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const t = useT();
  const lang = useLang();
  const { from, sessionEnded } = (location.state as LoginState | null) ?? {};
  // The notices come from the history state, which the pre-rendered HTML cannot know: shown once
  // the page is live, so a reload of /login hydrates without a mismatch (that re-created the form
  // and lost what was typed meanwhile).
  const hydrated = useHydrated();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const [failure, setFailure] = useState<{ message: string; notActivated: boolean } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await accountApi.login(values);
      session.set({ token: result.api_token, userId: result.id });
      let info: Awaited<ReturnType<typeof accountApi.personInfo>>;
      try {
        info = await accountApi.personInfo();
        session.set({ info });
        queryClient.setQueryData(personInfoKey, info);
      } catch {
        session.clear();
        setFailure({ message: t('login.infoFailed'), notActivated: false });
        return;
      }
      // The account's language, chosen on another device, wins over this page's (decision 0058).
      const accountLang = parseLang((info as { language?: unknown }).language);
      if (accountLang && accountLang !== lang) {
        rememberLang(accountLang);
        window.location.assign(pathIn(accountLang, returnTo(from)));
        return;
      }
      toaster.success({ title: t('login.welcomeTitle'), description: t('login.welcome') });
      navigate(returnTo(from), { replace: true });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['email', 'password']);
      if (message === null) return;
      const notActivated = error instanceof ApiError && error.code === NOT_ACTIVATED;
      if (notActivated) pendingActivation.setEmail(values.email.trim().toLowerCase());
      setFailure({ message: message || t('login.failed'), notActivated });
    }
  });

  return (
    <Page title={t('login.title')} lead={t('login.lead')}>
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label={t('login.form')}>
              {!hydrated ? null : sessionEnded ? (
                <FormAlert status="warning" title={t('login.sessionEndedTitle')}>
                  {t('login.sessionEnded')}
                </FormAlert>
              ) : (
                from && <FormAlert status="info">{t('login.needed')}</FormAlert>
              )}
              {failure && (
                <FormAlert status="error" title={t('login.failureTitle')}>
                  {failure.message}
                  {failure.notActivated && (
                    <>
                      {' '}
                      <ChakraLink asChild textDecoration="underline">
                        <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })}>{t('login.resendActivation')}</RouterLink>
                      </ChakraLink>
                    </>
                  )}
                </FormAlert>
              )}
              <TextField<LoginInput> name="email" label={t('login.email')} type="email" autoComplete="email" inputMode="email" required />
              <PasswordField<LoginInput> name="password" label={t('login.password')} autoComplete="current-password" required />
              <SubmitButton loading={form.formState.isSubmitting} loadingText={t('login.submitting')}>
                {t('login.submit')}
              </SubmitButton>
              <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm">
                <ChakraLink asChild color="brand.fg">
                  <RouterLink to={paths.forgot}>{t('login.forgot')}</RouterLink>
                </ChakraLink>
                <ChakraLink asChild color="brand.fg">
                  <RouterLink to={paths.registerStepOne}>{t('login.createId')}</RouterLink>
                </ChakraLink>
              </HStack>
              <ChakraLink asChild color="brand.fg" fontSize="sm">
                <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })}>
                  {t('login.activate')}
                </RouterLink>
              </ChakraLink>
            </FormStack>
          </FormProvider>
          <Separator my="5" />
          <Stack gap="2" fontSize="sm" color="gray.700">
            <Text>{t('login.mailHint')}</Text>
            <Box>
              {t('login.presenters')}{' '}
              <ChakraLink href={`mailto:${conference.contacts.presenters}`} color="brand.fg">
                {conference.contacts.presenters}
              </ChakraLink>
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
