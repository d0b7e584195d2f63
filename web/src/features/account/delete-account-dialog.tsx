/**
 * "Delete my account": what goes and what is kept for accounting, then the password. On success
 * every session has ended on the server; /common/account-deleted is shown and this browser
 * forgets its session there.
 */
import { Button, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ACCOUNTING_RETENTION_YEARS } from '#core/accounts/own-data';
import { deleteAccountSchema, type DeleteAccountInput } from '#core/accounts/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { PasswordField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { paths } from '../../config/paths';
import { accountApi } from './api';

export default function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await accountApi.deleteAccount(values);
      // The page forgets the session once it is shown: forgotten here, the delegate pages' guard would send this page to /login first.
      navigate(paths.accountDeleted, { replace: true, state: { deleted: true, kept: data.orders_kept_anonymised, registrationKept: data.registration === 'kept-anonymised' } });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['password']);
      if (message !== null) setFailure(message);
    }
  });
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <FormProvider {...form}>
              <form onSubmit={submit} noValidate aria-label="Delete my account">
                <Dialog.Header>
                  <Dialog.Title>Delete your account?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>This cannot be undone. Download your data first if you want to keep a copy.</Text>
                    <List.Root ps="5" gap="1">
                      <List.Item>Deleted: your profile, abstracts, uploaded files (posters, slides, documents), visa letters and certificates, unpaid orders and your e-mail settings. You are logged out everywhere.</List.Item>
                      <List.Item>
                        Kept for accounting, without your name, e-mail, address, passport or phone: orders and registrations that were paid (amounts, dates, order numbers and payments), for {ACCOUNTING_RETENTION_YEARS} years, as accounting law requires.
                      </List.Item>
                      <List.Item>Receipts and credit notes issued to you are kept as issued: they are the congress&apos;s accounting vouchers.</List.Item>
                      <List.Item>The registration office&apos;s log keeps a record that the account was deleted.</List.Item>
                    </List.Root>
                    {failure && (
                      <FormAlert status="error" title="Not deleted">
                        {failure}
                      </FormAlert>
                    )}
                    <PasswordField<DeleteAccountInput> name="password" label="Your password" autoComplete="current-password" required />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="red" loading={form.formState.isSubmitting}>
                    Delete my account
                  </Button>
                </Dialog.Footer>
              </form>
            </FormProvider>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
