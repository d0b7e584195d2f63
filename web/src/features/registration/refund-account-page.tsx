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
import { formatCstInstant } from '#core/time';
import { TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { orderApi, orderKeys, type RefundAccountView } from './api';

const fields = ['holder', 'account', 'bank', 'bic'] as const;

function AccountForm({ view }: { view: RefundAccountView }) {
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
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Account for your refund">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField<RefundAccountInput> name="holder" label="Account holder" required autoComplete="name" helper="The name as your bank has it." />
          <TextField<RefundAccountInput> name="bank" label="Bank" required autoComplete="off" helper="The bank's name, e.g. Bank of China, Beijing branch." />
          <TextField<RefundAccountInput> name="account" label="IBAN or account number" required autoComplete="off" helper="The IBAN where your bank has one (e.g. DE89 3704 0044 0532 0130 00), otherwise the account number." />
          <TextField<RefundAccountInput> name="bic" label="SWIFT/BIC" required autoComplete="off" helper="8 or 11 letters and digits, e.g. BKCHCNBJ." />
        </Grid>
        {outcome && (
          <FormAlert status={outcome.status} title={outcome.status === 'success' ? 'Account saved' : 'Not saved'}>
            {outcome.text}
          </FormAlert>
        )}
        <SubmitButton alignSelf="start" loading={form.formState.isSubmitting}>
          {given ? 'Save the changed account' : 'Save the account'}
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

export default function RefundAccountPage() {
  const title = 'Account for your refund';
  const view = useQuery({ queryKey: orderKeys.refundAccount, queryFn: orderApi.refundAccount });
  if (view.isError) return <Page title={title}><QueryError error={view.error} onRetry={() => void view.refetch()} title="Your refunds could not be loaded." /></Page>;
  if (!view.data) return <PageSkeleton title={title} />;
  const { owed, account } = view.data;
  return (
    <Page title={title} lead="Refunds of orders paid by bank transfer go back by bank transfer. Tell us the account to send them to; only the registration office sees it.">
      <Stack gap="6">
        {owed.length === 0 ? (
          <Stack gap="4">
            <Text>You have no refund by bank transfer waiting. A refund of a card payment goes back to the card on its own.</Text>
            <Button asChild alignSelf="start" variant="outline">
              <RouterLink to={paths.registrationList}>Your registration orders</RouterLink>
            </Button>
          </Stack>
        ) : (
          <>
            <Box>
              <Heading as="h2" size="md" mb="2">
                What we will send you
              </Heading>
              <List.Root gap="1" ps="5" aria-label="Refunds waiting for your account">
                {owed.map((o) => (
                  <List.Item key={`${o.order_no}-${o.since}`}>
                    <Text>
                      <Text as="strong">{o.amount}</Text> for order {o.order_no}: {refundReasonText[o.reason].toLowerCase()} (since {formatCstInstant(o.since)})
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
            {account && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>The registration office has your account</Alert.Title>
                  <Alert.Description>
                    {account.holder}, {account.bank}, {account.account} ({account.bic}), given {formatCstInstant(account.updated_at)}. Change it below if it is not right any more.
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
