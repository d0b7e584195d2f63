/**
 * What a delegate started uploading but never finished (cancelled, failed or abandoned uploads,
 * and abstract PDFs never saved with an abstract), with Remove. Shown only when there is any:
 * these take up places (at most a few unfinished uploads at once) until removed or expired.
 */
import { Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { routes } from '#core/routes';
import type { listUnfinished } from '#core/uploads/uploads';
import { formatInstant } from '#core/i18n/format';
import type { Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { callApi, isCancelled } from '../../lib/api-client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toaster } from '../ui/toaster';
import { formatBytes } from './format';

type Unfinished = Awaited<ReturnType<typeof listUnfinished>>;
type Item = Unfinished['items'][number];

const unfinishedKey = ['uploads', 'unfinished'] as const;

const stateText = (t: Translate, item: Item) =>
  item.state === 'not-saved'
    ? t('presentations.unfinished.notSaved')
    : item.expired
      ? t('presentations.unfinished.expired')
      : t('presentations.unfinished.notFinished');

export function UnfinishedUploads() {
  const queryClient = useQueryClient();
  const t = useT();
  const lang = useLang();
  const list = useQuery({ queryKey: unfinishedKey, queryFn: () => callApi<Unfinished>(routes.listPendingUploads) });
  const [removing, setRemoving] = useState<Item | null>(null);
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="unfinished-uploads">
      <Card.Header>
        <Heading as="h2" size="md" id="unfinished-uploads">
          {t('presentations.unfinished.title')}
        </Heading>
        <Text fontSize="sm" color="gray.700">
          {t('presentations.unfinished.lead', { max: list.data!.max_unconfirmed })}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" listStyleType="none" gap="2" aria-label={t('presentations.unfinished.title')}>
          {items.map((item) => (
            <Box as="li" key={item.id} borderWidth="1px" rounded="md" px="3" py="2">
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Box minW="0">
                  <Text fontWeight="semibold" wordBreak="break-all">
                    {item.name}
                  </Text>
                  <Text fontSize="xs" color="gray.700">
                    {t('presentations.unfinished.meta', { purpose: item.purpose, size: formatBytes(item.size), started: formatInstant(lang, item.started_at) })}
                  </Text>
                  <Text fontSize="sm">{stateText(t, item)}</Text>
                </Box>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(item)} aria-label={t('presentations.files.removeLabel', { name: item.name })}>
                  {t('presentations.files.remove')}
                </Button>
              </HStack>
            </Box>
          ))}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={removing !== null}
        title={t('presentations.files.removeTitle')}
        confirmLabel={t('presentations.files.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          try {
            await callApi(routes.deleteUpload, { params: { id: removing!.id } });
            toaster.success({ title: t('presentations.unfinished.removed') });
            setRemoving(null);
            await queryClient.invalidateQueries({ queryKey: unfinishedKey });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: t('abstracts.form.operationFailed'), description: (error as Error).message });
          }
        }}
      >
        {t('presentations.unfinished.removeText', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Card.Root>
  );
}
