/** Files that are stored: name (downloads through a fresh link), size, and Remove. */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { isCancelled } from '../../lib/api-client';
import { toaster } from '../ui/toaster';
import { formatBytes } from './format';
import { useT } from '../../i18n/i18n';
import { downloadFile, type UploadedFile } from './upload-file';

export function StoredFiles(props: {
  /** `size` may be unknown (a file saved with a record that keeps only its id). */
  files: (Pick<UploadedFile, 'id' | 'name'> & { size?: number; presentation_of?: string })[];
  /** What a file presents (a poster's accepted abstract), shown under its name. */
  describe?: (file: { presentation_of?: string }) => string | undefined;
  /** Omit to show the files without removal (e.g. a read-only abstract). */
  onRemove?: (file: Pick<UploadedFile, 'id' | 'name'>) => void;
  label: string;
  empty?: string;
}) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const t = useT();
  if (props.files.length === 0) {
    return props.empty ? (
      <Text color="gray.700" fontSize="sm">
        {props.empty}
      </Text>
    ) : null;
  }
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label={props.label}>
      {props.files.map((file) => (
        <Box as="li" key={file.id} borderWidth="1px" rounded="md" px="3" py="2">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Box minW="0">
              <Button
                variant="plain"
                p="0"
                h="auto"
                color="brand.fg"
                textDecoration="underline"
                whiteSpace="normal"
                textAlign="start"
                wordBreak="break-all"
                loading={downloading === file.id}
                aria-label={t('presentations.files.downloadLabel', { name: file.name })}
                onClick={async () => {
                  setDownloading(file.id);
                  try {
                    await downloadFile(file.id);
                  } catch (error) {
                    if (!isCancelled(error)) toaster.error({ title: t('presentations.files.downloadFailed'), description: (error as Error).message });
                  } finally {
                    setDownloading(null);
                  }
                }}
              >
                {file.name}
              </Button>
              {file.size !== undefined && (
                <Text fontSize="xs" color="gray.700">
                  {formatBytes(file.size)}
                </Text>
              )}
              {props.describe?.(file) && (
                <Text fontSize="xs" color="gray.700">
                  {props.describe(file)}
                </Text>
              )}
            </Box>
            {props.onRemove && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => props.onRemove!(file)} aria-label={t('presentations.files.removeLabel', { name: file.name })}>
                {t('presentations.files.remove')}
              </Button>
            )}
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
