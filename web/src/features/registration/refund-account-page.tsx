/**
 * /registration/refund-account: the account a refund by bank transfer is sent to (issue 29 item 5).
 * The refund mails and the order list lead here while the registration office owes the delegate
 * a refund by bank transfer: what is owed (order, amount, why), and the form (account holder,
 * IBAN or account number, bank, SWIFT/BIC) checked as the server checks it (one schema), each
 * field's message under it. Only the registration office sees the account; it is deleted with
 * the account.
 */
import { Alert, Box, Button, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { refundAccountSchema, refundReasonText, type RefundAccountInput } from '#core/orders/refund-account';
import { formatInstant } from '#core/i18n/format';
import { TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { orderApi, orderKeys, type RefundAccountView } from './api';
import { useLang, useT } from '../../i18n/i18n';

const fields = ['holder', 'account', 'bank', 'bic'] as const;

function AccountForm({ view }: { view: RefundAccountView }) {
  const t = useT();
  const queryClient = useQueryClient();
  const given = view.account;
  const form = useForm<RefundAccountInput>({
    resolver: zodResolver(refundAccountSchema, undefined, { raw: true }) as Resolver<RefundAccountInput>,
    defaultValues: { holder: given?.holder ?? '', account: given?.account ?? '', bank: given?.bank ?? '', bic: given?.bic ?? '' },
  });
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await orderApi.saveRefundAccount(values);
      setOutcome({ status: 'success', text: answer.message });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, fields);
      if (text) setOutcome({ status: 'error', text });
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('registration.refundAccount.title')}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField<RefundAccountInput> name="holder" label={t('registration.refundAccount.holder')} required autoComplete="name" helper={t('registration.refundAccount.holderHelp')} />
          <TextField<RefundAccountInput> name="bank" label={t('registration.wizard.bank')} required autoComplete="off" helper={t('registration.refundAccount.bankHelp')} />
          <TextField<RefundAccountInput> name="account" label={t('registration.refundAccount.account')} required autoComplete="off" helper={t('registration.refundAccount.accountHelp')} />
          <TextField<RefundAccountInput> name="bic" label={t('registration.refundAccount.bic')} required autoComplete="off" helper={t('registration.refundAccount.bicHelp')} />
        </Grid>
        {outcome && (
          <FormAlert status={outcome.status} title={outcome.status === 'success' ? t('registration.refundAccount.saved') : t('registration.refundAccount.notSaved')}>
            {outcome.text}
          </FormAlert>
        )}
        <SubmitButton alignSelf="start" loading={form.formState.isSubmitting}>
          {given ? t('registration.refundAccount.saveChanged') : t('registration.refundAccount.save')}
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

export default function RefundAccountPage() {
  const t = useT();
  const lang = useLang();
  const title = t('registration.refundAccount.title');
  const view = useQuery({ queryKey: orderKeys.refundAccount, queryFn: orderApi.refundAccount });
  if (view.isError) return <Page title={title}><QueryError error={view.error} onRetry={() => void view.refetch()} title={t('registration.refundAccount.loadFailed')} /></Page>;
  if (!view.data) return <PageSkeleton title={title} />;
  const { owed, account } = view.data;
  return (
    <Page title={title} lead={t('registration.refundAccount.lead')}>
      <Stack gap="6">
        {owed.length === 0 ? (
          <Stack gap="4">
            <Text>{t('registration.refundAccount.none')}</Text>
            <Button asChild alignSelf="start" variant="outline">
              <RouterLink to={paths.registrationList}>{t('registration.list.tableLabel')}</RouterLink>
            </Button>
          </Stack>
        ) : (
          <>
            <Box>
              <Heading as="h2" size="md" mb="2">
                {t('registration.refundAccount.owedTitle')}
              </Heading>
              <List.Root gap="1" ps="5" aria-label={t('registration.refundAccount.owedLabel')}>
                {owed.map((o) => (
                  <List.Item key={`${o.order_no}-${o.since}`}>
                    <Text>
                      <Text as="strong">{o.amount}</Text>
                      {t('registration.refundAccount.owed', { orderNo: o.order_no, reason: o.reason in refundReasonText ? o.reason : 'other', since: formatInstant(lang, o.since) })}
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
            {account && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('registration.refundAccount.hasAccount')}</Alert.Title>
                  <Alert.Description>
                    {t('registration.refundAccount.given', { holder: account.holder, bank: account.bank, account: account.account, bic: account.bic, given: formatInstant(lang, account.updated_at) })}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <AccountForm view={view.data} />
          </>
        )}
      </Stack>
    </Page>
  );
}
