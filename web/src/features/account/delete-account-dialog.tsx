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
import { useLocalise, useT } from '../../i18n/i18n';

export default function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const t = useT();
  const localise = useLocalise();
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
              <form onSubmit={submit} noValidate aria-label={t('account.delete.form')}>
                <Dialog.Header>
                  <Dialog.Title>{t('account.delete.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>{t('account.delete.cannotUndo')}</Text>
                    <List.Root ps="5" gap="1">
                      <List.Item>{t('account.delete.deleted')}</List.Item>
                      <List.Item>{t('account.delete.kept', { years: ACCOUNTING_RETENTION_YEARS })}</List.Item>
                      <List.Item>{t('account.delete.receipts')}</List.Item>
                      <List.Item>{t('account.delete.log')}</List.Item>
                    </List.Root>
                    {failure && (
                      <FormAlert status="error" title={t('account.delete.notDeleted')}>
                        {localise(failure)}
                      </FormAlert>
                    )}
                    <PasswordField<DeleteAccountInput> name="password" label={t('account.delete.password')} autoComplete="current-password" required />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose}>
                    {t('account.cancel')}
                  </Button>
                  <Button type="submit" colorPalette="red" loading={form.formState.isSubmitting}>
                    {t('account.delete.submit')}
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
