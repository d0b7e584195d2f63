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

export default function ResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
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
      toaster.success({ title: 'Password reset', description: 'Please log in with your new password.' });
      navigate(paths.login, { replace: true });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['new_password', 'confirm_password']);
      if (message !== null) setFailure(message);
    }
  });
  return (
    <Page title="Choose a new password" lead="After the change, every device logged in to your account is logged out.">
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label="Choose a new password">
              {failure && (
                <FormAlert status="error" title="System Tips">
                  {failure}{' '}
                  <ChakraLink asChild textDecoration="underline">
                    <RouterLink to={paths.forgot}>Ask for a new link</RouterLink>
                  </ChakraLink>
                </FormAlert>
              )}
              <PasswordField<ResetInput>
                name="new_password"
                label="New password"
                autoComplete="new-password"
                required
                helper={`At least ${PASSWORD_MIN} characters.`}
              />
              <PasswordField<ResetInput> name="confirm_password" label="Confirm the new password" autoComplete="new-password" required />
              <SubmitButton loading={form.formState.isSubmitting}>
                Set the new password
              </SubmitButton>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
