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
import { formatInstant } from '#core/i18n/format';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
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
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
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
        <Card.Title as="h3">{t('office.bank.title')}</Card.Title>
        <Card.Description>
          {t('office.bank.description')}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {settings.isPending && <Text color="gray.700">{t('office.bank.loading')}</Text>}
          {settings.isError && (
            <FormAlert status="error" title={t('office.bank.loadFailed')}>
              {settings.error instanceof ApiError ? localise(settings.error.message) : t('office.action.requestFailure')}
            </FormAlert>
          )}
          {settings.isSuccess &&
            (account ? (
              <Text color="gray.700" data-testid="bank-account-status">
                {t('office.bank.published', { version: String(account.version), at: formatInstant(lang, account.published_at), by: account.published_by })}
              </Text>
            ) : (
              <FormAlert status="warning" title={t('office.bank.notYet')}>
                {t('office.bank.closed')}
              </FormAlert>
            ))}
          {settings.isSuccess && (
            <FormProvider {...form}>
              <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('office.bank.title')}>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField<BankAccountInput>
                    name="beneficiary"
                    label={t('office.bank.beneficiary')}
                    required
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput>
                    name="beneficiary_address"
                    label={t('office.bank.beneficiaryAddress')}
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput> name="bank" label={t('office.bank.bank')} required autoComplete="off" />
                  <TextField<BankAccountInput>
                    name="bank_address"
                    label={t('office.bank.bankAddress')}
                    required
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput>
                    name="account_number"
                    label={t('office.bank.accountNumber')}
                    required
                    autoComplete="off"
                  />
                  <TextField<BankAccountInput>
                    name="swift"
                    label={t('office.bank.swift')}
                    required
                    autoComplete="off"
                    helper={t('office.bank.swiftHelper')}
                  />
                  <TextField<BankAccountInput>
                    name="currency"
                    label={t('office.bank.currency')}
                    required
                    readOnly
                    helper={t('office.bank.currencyHelper')}
                  />
                </SimpleGrid>
                <Box>
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    {account ? t('office.bank.publishChanges') : t('office.bank.publish')}
                  </Button>
                </Box>
                {outcome && (
                  <FormAlert
                    status={outcome.status}
                    title={outcome.status === 'error' ? t('office.bank.notPublished') : t('office.bank.publishedTitle')}
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
