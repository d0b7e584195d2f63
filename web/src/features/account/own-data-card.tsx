/**
 * The account centre's "Your data" card (issue 17): download everything the portal holds about
 * the account as a .json file, and delete the account (the dialog asks for the password). The
 * dialog's code loads when it is first opened, as the other confirmation dialogs do.
 */
import { Button, Card, HStack, Heading, Text } from '@chakra-ui/react';
import { Suspense, lazy, useState } from 'react';
import { FormAlert } from '../../components/form/form-alert';
import { ApiError } from '../../lib/api-client';
import { accountApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

/** The export as a file the browser saves (the route answers JSON, which works the same through API Gateway and the local server). */
function saveAsFile(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function OwnDataCard() {
  const t = useT();
  const localise = useLocalise();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'closed' | 'open' | 'mounted'>('closed');
  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      const data = await accountApi.exportOwnData();
      saveAsFile(data, `my-congress-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : 'request failure.');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('account.ownData.title')}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text color="gray.700">{t('account.ownData.text')}</Text>
        {failure && (
          <FormAlert status="error" title={t('account.ownData.notDownloaded')}>
            {localise(failure)}
          </FormAlert>
        )}
      </Card.Body>
      <Card.Footer>
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" variant="outline" loading={downloading} onClick={() => void download()}>
            {t('account.ownData.download')}
          </Button>
          <Button colorPalette="red" variant="outline" onClick={() => setDialog('open')}>
            {t('account.ownData.delete')}
          </Button>
        </HStack>
      </Card.Footer>
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={dialog === 'open'} onClose={() => setDialog('mounted')} />
        </Suspense>
      )}
    </Card.Root>
  );
}
