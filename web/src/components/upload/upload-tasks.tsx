/** Files on their way up: a progress bar each, Cancel while uploading, the reason when one failed. */
import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { UploadTask } from './use-uploads';
import { formatBytes } from './format';
import { useT } from '../../i18n/i18n';

export function UploadTasks(props: { tasks: UploadTask[]; onCancel: (id: string) => void; onDismiss: (id: string) => void }) {
  const t = useT();
  if (props.tasks.length === 0) return null;
  return (
    <Stack gap="3" as="ul" listStyleType="none" aria-label={t('presentations.tasks.label')}>
      {props.tasks.map((task) => {
        const percent = task.size ? Math.round((task.loaded / task.size) * 100) : 0;
        return (
          <Box as="li" key={task.id} borderWidth="1px" rounded="md" p="3">
            <HStack justify="space-between" gap="3" mb="2" align="start">
              <Text fontWeight="medium" wordBreak="break-all">
                {task.name}
              </Text>
              {task.status === 'failed' ? (
                <Button size="xs" variant="ghost" onClick={() => props.onDismiss(task.id)}>
                  {t('presentations.tasks.dismiss')}
                </Button>
              ) : task.status === 'uploading' ? (
                <Button size="xs" variant="outline" onClick={() => props.onCancel(task.id)} aria-label={t('presentations.tasks.cancelLabel', { name: task.name })}>
                  {t('abstracts.form.cancel')}
                </Button>
              ) : null /* the file is already stored and being checked: too late to cancel */}
            </HStack>
            {task.status === 'failed' ? (
              <Text color="red.700" fontSize="sm" role="alert">
                {t('presentations.files.uploadFailed', { name: task.name })} {task.error}
              </Text>
            ) : (
              <Progress.Root
                value={percent}
                max={100}
                size="sm"
                colorPalette="brand"
                // The progressbar's accessible name: "Uploading poster.pptx, 47%".
                translations={{ value: ({ percent: p }) => t('presentations.tasks.uploading', { name: task.name, percent: p }) }}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
                <Progress.ValueText fontSize="xs" color="gray.700" mt="1">
                  {task.status === 'checking'
                    ? t('presentations.tasks.checking')
                    : t('presentations.tasks.progress', { percent, loaded: formatBytes(task.loaded), size: formatBytes(task.size) })}
                </Progress.ValueText>
              </Progress.Root>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
