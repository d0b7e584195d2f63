/**
 * /admin/updatePassword: shows the account e-mail; current, new and confirm; Cancel goes back.
 * On success every session ends (this one too), so the delegate logs in again.
 */
import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MIN, changePasswordSchema, type ChangePasswordInput } from '#core/accounts/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton } from '../../components/form/submit-button';
import { PasswordField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { Page } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { accountApi, usePersonInfo } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const t = useT();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const info = usePersonInfo();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accountApi.changePassword(values);
      session.clear();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'conference' });
      toaster.success({ title: t('account.changePassword.toastTitle'), description: t('account.loginWithNew') });
      navigate(paths.login, { replace: true });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['current_password', 'new_password', 'confirm_password']);
      if (message !== null) setFailure(message);
    }
  });
  return (
    <Page title={t('account.changePassword.title')} lead={t('account.changePassword.lead')}>
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label={t('account.changePassword.title')}>
              <Text>
                {t('account.changePassword.account')}
                <strong>{info.data?.email ?? '...'}</strong>
              </Text>
              {failure && <FormAlert status="error" title={t('account.systemTips')}>{localise(failure)}</FormAlert>}
              <PasswordField<ChangePasswordInput> name="current_password" label={t('account.changePassword.current')} autoComplete="current-password" required />
              <PasswordField<ChangePasswordInput>
                name="new_password"
                label={t('account.newPassword')}
                autoComplete="new-password"
                required
                helper={t('account.atLeast', { min: PASSWORD_MIN })}
              />
              <PasswordField<ChangePasswordInput> name="confirm_password" label={t('account.confirmPassword')} autoComplete="new-password" required />
              <HStack gap="3">
                <Button variant="outline" onClick={() => navigate(-1)}>
                  {t('account.cancel')}
                </Button>
                <SubmitButton loading={form.formState.isSubmitting}>
                  {t('account.changePassword.submit')}
                </SubmitButton>
              </HStack>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
