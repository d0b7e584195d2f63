/**
 * What a delegate started uploading but never finished (cancelled, failed or abandoned uploads,
 * and abstract PDFs never saved with an abstract), with Remove. Shown only when there is any:
 * these take up places (at most a few unfinished uploads at once) until removed or expired.
 */
import { Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { routes } from '#core/routes';
import { uploadPurposes } from '#core/config/conference';
import type { listUnfinished } from '#core/uploads/uploads';
import { formatCstInstant } from '#core/time';
import { callApi, isCancelled } from '../../lib/api-client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toaster } from '../ui/toaster';
import { formatBytes } from './format';

type Unfinished = Awaited<ReturnType<typeof listUnfinished>>;
type Item = Unfinished['items'][number];

const unfinishedKey = ['uploads', 'unfinished'] as const;

const stateText = (item: Item) =>
  item.state === 'not-saved'
    ? 'Uploaded in the abstract form, but the abstract was never saved with it.'
    : item.expired
      ? 'Upload not finished; it can no longer be completed.'
      : 'Upload not finished.';

export function UnfinishedUploads() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: unfinishedKey, queryFn: () => callApi<Unfinished>(routes.listPendingUploads) });
  const [removing, setRemoving] = useState<Item | null>(null);
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="unfinished-uploads">
      <Card.Header>
        <Heading as="h2" size="md" id="unfinished-uploads">
          Unfinished uploads
        </Heading>
        <Text fontSize="sm" color="gray.700">
          These files were not completed. Remove the ones you no longer need: at most {list.data!.max_unconfirmed} uploads can
          be unfinished at a time.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" listStyleType="none" gap="2" aria-label="Unfinished uploads">
          {items.map((item) => (
            <Box as="li" key={item.id} borderWidth="1px" rounded="md" px="3" py="2">
              <HStack justify="space-between" gap="3" wrap="wrap">
                <Box minW="0">
                  <Text fontWeight="semibold" wordBreak="break-all">
                    {item.name}
                  </Text>
                  <Text fontSize="xs" color="gray.700">
                    {uploadPurposes[item.purpose].label} · {formatBytes(item.size)} · started {formatCstInstant(item.started_at)}
                  </Text>
                  <Text fontSize="sm">{stateText(item)}</Text>
                </Box>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(item)} aria-label={`Remove ${item.name}`}>
                  Remove
                </Button>
              </HStack>
            </Box>
          ))}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this file?"
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          try {
            await callApi(routes.deleteUpload, { params: { id: removing!.id } });
            toaster.success({ title: 'The file has been removed.' });
            setRemoving(null);
            await queryClient.invalidateQueries({ queryKey: unfinishedKey });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: 'The operation failed.', description: (error as Error).message });
          }
        }}
      >
        {removing?.name} will be deleted.
      </ConfirmDialog>
    </Card.Root>
  );
}
