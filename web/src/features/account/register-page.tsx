/**
 * /register/StepOne: create an account (spec section 5 "Create account"). The address is checked
 * with the server when the field loses focus: -101 (registered, not activated) reveals
 * "Resend Activation Email"; any other refusal is shown as the field's error.
 */
import { Button, Card, Link as ChakraLink, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN, checkEmailSchema, registerSchema, type RegisterInput } from '#core/accounts/schemas';
import { accountLimits } from '#core/config/conference';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton } from '../../components/form/submit-button';
import { PasswordField, TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { Page } from '../../components/page';
import { pathTo, paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { pendingActivation } from './activation-countdown';
import { accountApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

const DRAFT_KEY = 'signUpEmailDraft';

export default function RegisterPage() {
  const navigate = useNavigate();
  const t = useT();
  const localise = useLocalise();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '', confirm: '' },
  });
  const [notActivated, setNotActivated] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  // Only the address is kept across a reload; passwords are never written to storage.
  useEffect(() => {
    const draft = sessionStorage.getItem(DRAFT_KEY);
    if (draft) form.setValue('email', draft);
    const sub = form.watch((v) => sessionStorage.setItem(DRAFT_KEY, v.email ?? ''));
    return () => sub.unsubscribe();
  }, [form]);

  const checkEmail = async () => {
    const parsed = checkEmailSchema.safeParse({ email: form.getValues('email') });
    setNotActivated(false);
    if (!parsed.success) return;
    try {
      await accountApi.checkEmail(parsed.data.email);
      form.clearErrors('email');
    } catch (error) {
      if (isCancelled(error) || !(error instanceof ApiError)) return;
      if (error.code === -101) setNotActivated(true);
      form.setError('email', { type: 'server', message: error.message });
    }
  };

  const resend = async () => {
    const email = form.getValues('email').trim().toLowerCase();
    setResending(true);
    try {
      await accountApi.resendActivation(email);
      pendingActivation.setEmail(email);
      pendingActivation.start(accountLimits.mailCooldownSeconds);
      navigate(pathTo(paths.accountCreated, { params: 'resend' }));
    } catch (error) {
      if (error instanceof ApiError) {
        pendingActivation.setEmail(email);
        const retry = (error.data as { retry_after?: number } | null)?.retry_after;
        if (retry) pendingActivation.start(retry);
        navigate(pathTo(paths.accountCreated, { params: 'resend' }));
      }
    } finally {
      setResending(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await accountApi.register(values);
      sessionStorage.removeItem(DRAFT_KEY);
      pendingActivation.setEmail(result.email);
      pendingActivation.start(accountLimits.mailCooldownSeconds);
      navigate(pathTo(paths.accountCreated, { params: 'created' }));
    } catch (error) {
      if (error instanceof ApiError && error.code === -101) setNotActivated(true);
      const message = applyServerErrors(error, form.setError, ['email', 'password', 'confirm']);
      if (message !== null) setFailure(message);
    }
  });

  return (
    <Page title={t('account.register.title')} lead={t('account.register.lead')}>
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label={t('account.register.title')}>
              {failure && <FormAlert status="error" title={t('account.systemTips')}>{localise(failure)}</FormAlert>}
              <TextField<RegisterInput>
                name="email"
                label={t('account.email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                onBlur={() => void checkEmail()}
                helper={t('account.register.emailHelper')}
              />
              {notActivated && (
                <Button variant="outline" colorPalette="brand" onClick={() => void resend()} loading={resending}>
                  {t('account.resendActivation')}
                </Button>
              )}
              <PasswordField<RegisterInput>
                name="password"
                label={t('account.password')}
                autoComplete="new-password"
                required
                helper={t('account.register.passwordHelper', { min: PASSWORD_MIN })}
              />
              <PasswordField<RegisterInput> name="confirm" label={t('account.confirmPassword')} autoComplete="new-password" required />
              <SubmitButton loading={form.formState.isSubmitting} loadingText={t('account.register.submitting')}>
                {t('account.register.submit')}
              </SubmitButton>
              <Text fontSize="sm" color="gray.700">
                {t('account.register.haveAccount')}{' '}
                <ChakraLink asChild color="brand.fg">
                  <RouterLink to={paths.login}>{t('account.logIn')}</RouterLink>
                </ChakraLink>
              </Text>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
