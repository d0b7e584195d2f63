/** The account centre's switch for the office's announcements (mail about the delegate's own orders is always sent). */
import { Card, Checkbox, Heading, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/form/form-alert';
import { ApiError } from '../../lib/api-client';
import { accountApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

const key = ['account', 'mail-preferences'] as const;

export function MailPreferencesCard() {
  const queryClient = useQueryClient();
  const t = useT();
  const localise = useLocalise();
  const prefs = useQuery({ queryKey: key, queryFn: accountApi.mailPreferences });
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (announcements: boolean) => {
    setSaving(true);
    setOutcome(null);
    try {
      const { message, data } = await accountApi.saveMailPreferences(announcements);
      queryClient.setQueryData(key, data);
      setOutcome({ status: 'success', text: message });
    } catch (e) {
      setOutcome({ status: 'error', text: e instanceof ApiError ? e.message : 'request failure.' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('account.prefs.title')}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text color="gray.700">{t('account.prefs.text')}</Text>
        <Checkbox.Root
          checked={prefs.data?.announcements ?? false}
          disabled={!prefs.data || saving}
          onCheckedChange={(e) => void save(e.checked === true)}
          colorPalette="brand"
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">{t('account.prefs.announcements')}</Checkbox.Label>
        </Checkbox.Root>
        {outcome && (
          <FormAlert status={outcome.status} title={outcome.status === 'error' ? t('account.prefs.notSaved') : t('account.prefs.saved')}>
            {localise(outcome.text)}
          </FormAlert>
        )}
      </Card.Body>
    </Card.Root>
  );
}
