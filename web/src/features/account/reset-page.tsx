/**
 * /common/reset/{token}: choose a new password with the single-use token from the e-mail (the
 * spec's e-mail in the route is replaced by the token: an address alone proves nothing).
 */
import { Card, Link as ChakraLink } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_MIN, resetSchema, type ResetInput } from '#core/accounts/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton } from '../../components/form/submit-button';
import { PasswordField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { Page } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { accountApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

export default function ResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const localise = useLocalise();
  const form = useForm<ResetInput>({
    resolver: zodResolver(resetSchema),
    defaultValues: { token, new_password: '', confirm_password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accountApi.resetPassword(values);
      session.clear();
      toaster.success({ title: t('account.reset.toastTitle'), description: t('account.loginWithNew') });
      navigate(paths.login, { replace: true });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['new_password', 'confirm_password']);
      if (message !== null) setFailure(message);
    }
  });
  return (
    <Page title={t('account.reset.title')} lead={t('account.reset.lead')}>
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label={t('account.reset.title')}>
              {failure && (
                <FormAlert status="error" title={t('account.systemTips')}>
                  {localise(failure)}{' '}
                  <ChakraLink asChild textDecoration="underline">
                    <RouterLink to={paths.forgot}>{t('account.reset.askNew')}</RouterLink>
                  </ChakraLink>
                </FormAlert>
              )}
              <PasswordField<ResetInput>
                name="new_password"
                label={t('account.newPassword')}
                autoComplete="new-password"
                required
                helper={t('account.atLeast', { min: PASSWORD_MIN })}
              />
              <PasswordField<ResetInput> name="confirm_password" label={t('account.reset.confirm')} autoComplete="new-password" required />
              <SubmitButton loading={form.formState.isSubmitting}>
                {t('account.reset.submit')}
              </SubmitButton>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
