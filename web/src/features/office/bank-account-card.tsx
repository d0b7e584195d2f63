/**
 * The congress bank account, as the office enters and publishes it (audited, versioned: a save
 * over a version another organiser changed meanwhile is refused). Until it is published,
 * delegates can pay by card only.
 */
import { Box, Button, Card, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { bankAccountSchema, type BankAccountInput } from '#core/office/payment-settings';
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { ApiError } from '../../lib/api-client';
import { officeApi, paymentSettingsKey } from './api';

const empty: BankAccountInput = {
  beneficiary: '',
  beneficiary_address: '',
  bank: '',
  bank_address: '',
  account_number: '',
  swift: '',
  currency: 'USD',
};
const fields = Object.keys(empty);

export function BankAccountCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: paymentSettingsKey, queryFn: officeApi.paymentSettings });
  const form = useForm<BankAccountInput>({
    resolver: zodResolver(bankAccountSchema) as Resolver<BankAccountInput>,
    defaultValues: empty,
  });
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const account = settings.data?.bank_account;

  // The form starts from what is published (once loaded; not over what the organiser is typing).
  useEffect(() => {
    if (account && !form.formState.isDirty) {
      const { version: _v, published_at: _a, published_by: _b, ...values } = account;
      form.reset(values);
    }
  }, [account, form]);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const { message, data } = await officeApi.savePaymentSettings(values, settings.data?.version ?? 0);
      queryClient.setQueryData(paymentSettingsKey, {
        bank_account: data.bank_account,
        version: data.bank_account.version,
      });
      form.reset(values);
      setOutcome({ status: 'success', text: message });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, fields);
      if (message !== null) setOutcome({ status: 'error', text: message });
    }
  });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">Congress bank account</Card.Title>
        <Card.Description>
          Delegates who pay by bank transfer see this account at the transfer step and in their e-mails. Until
          it is published they can pay by card only.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {settings.isPending && <Text color="gray.700">Loading the published bank account...</Text>}
          {settings.isError && (
            <FormAlert status="error" title="The bank account could not be loaded.">
              {settings.error instanceof ApiError ? settings.error.message : 'request failure.'}
            </FormAlert>
          )}
          {settings.isSuccess &&
            (account ? (
              <Text color="gray.700" data-testid="bank-account-status">
                Published (version {account.version}) on {formatCstInstant(account.published_at)} by{' '}
                {account.published_by}.
              </Text>
            ) : (
              <FormAlert status="warning" title="Not published yet">
                Bank transfer is closed for delegates until the account is published here.
              </FormAlert>
            ))}
          {settings.isSuccess && (
            <FormProvider {...form}>
              <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Congress bank account">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField<BankAccountInput>
                    name="beneficiary"
                    label="Beneficiary (account holder)"
                    required
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput>
                    name="beneficiary_address"
                    label="Beneficiary address"
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput> name="bank" label="Bank" required autoComplete="off" />
                  <TextField<BankAccountInput>
                    name="bank_address"
                    label="Bank address"
                    required
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput>
                    name="account_number"
                    label="Account number or IBAN"
                    required
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput>
                    name="swift"
                    label="SWIFT/BIC"
                    required
                    autoComplete="off"
                    helper="8 or 11 letters and digits."
                  />
                  <TextField<BankAccountInput>
                    name="currency"
                    label="Currency"
                    required
                    readOnly
                    helper="Delegates pay in US dollars."
                  />
                </SimpleGrid>
                <Box>
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    {account ? 'Publish the changes' : 'Publish the bank account'}
                  </Button>
                </Box>
                {outcome && (
                  <FormAlert
                    status={outcome.status}
                    title={outcome.status === 'error' ? 'Not published' : 'Published'}
                  >
                    {outcome.text}
                  </FormAlert>
                )}
              </FormStack>
            </FormProvider>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
