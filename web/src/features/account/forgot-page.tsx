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
import { useLocalise, useT } from '../../i18n/i18n';

export default function ForgotPage() {
  const navigate = useNavigate();
  const t = useT();
  const localise = useLocalise();
  const form = useForm<ForgotInput>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accountApi.forgotPassword({ email: values.email, url: window.location.origin });
      navigate(paths.await);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['email']);
      if (message !== null) setFailure(t('account.forgot.failed', { message: localise(message) }));
    }
  });
  return (
    <Page title={t('account.forgot.title')} lead={t('account.forgot.lead')}>
      <Card.Root maxW="md" mx="auto" width="100%">
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label={t('account.forgot.title')}>
              {failure && <FormAlert status="error" title={t('account.systemTips')}>{failure}</FormAlert>}
              <TextField<ForgotInput> name="email" label={t('account.email')} type="email" autoComplete="email" inputMode="email" required />
              <SubmitButton loading={form.formState.isSubmitting} loadingText={t('account.forgot.sending')}>
                {t('account.forgot.submit')}
              </SubmitButton>
              <Text fontSize="sm" color="gray.700">
                {t('account.forgot.note')}
              </Text>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
