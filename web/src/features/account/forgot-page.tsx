/** /common/forgot: ask for a reset link (the answer is the same whether or not the address has an account). */
import { Card, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { forgotSchema, type ForgotInput } from '#core/accounts/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { accountApi } from './api';

export default function ForgotPage() {
  const navigate = useNavigate();
  const form = useForm<ForgotInput>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accountApi.forgotPassword({ email: values.email, url: window.location.origin });
      navigate(paths.await);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['email']);
      if (message !== null) setFailure(`Failed to send. ${message}`);
    }
  });
  return (
    <Page title="Reset your password" lead="Enter the address of your account and we will e-mail you a link to choose a new password.">
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label="Reset your password">
              {failure && <FormAlert status="error" title="System Tips">{failure}</FormAlert>}
              <TextField<ForgotInput> name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" required />
              <SubmitButton loading={form.formState.isSubmitting} loadingText="Sending">
                Send the reset link
              </SubmitButton>
              <Text fontSize="sm" color="gray.700">
                The link works once and for one hour.
              </Text>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
