/**
 * /poster/upload and /oral/upload: the guideline, a drop area, a progress bar per file, and the
 * files already stored with their removal. Only files whose confirmation answered 200 are listed.
 */
import { Alert, Box, Card, Field, Heading, Image, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadPurposes } from '#core/config/conference';
import { megabytes } from '#core/uploads/rules';
import { Page } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toaster } from '../../components/ui/toaster';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import type { UploadedFile } from '../../components/upload/upload-file';
import { useAbstracts } from '../abstracts/api';
import { useT } from '../../i18n/i18n';
import { presentationFilesKey, removePresentationFile, usePresentationFiles, type PresentationPurpose } from './api';

const pages = {
  poster: { image: '/images/guides/poster-guideline.svg' },
  oral: { image: '/images/guides/oral-guideline.svg' },
} as const;

export function PresentationUploadPage({ purpose }: { purpose: PresentationPurpose }) {
  const page = pages[purpose];
  const t = useT();
  const kind = purpose;
  const title = t('presentations.page.title', { kind });
  const rule = uploadPurposes[purpose];
  const queryClient = useQueryClient();
  const files = usePresentationFiles(purpose);
  const [removing, setRemoving] = useState<Pick<UploadedFile, 'id' | 'name'> | null>(null);

  const abstracts = useAbstracts();
  const accepted = (abstracts.data?.items ?? []).filter((a) => a.review_status.code === 'accepted' && 'type' in a.review_status && a.review_status.type === purpose);
  // The server's rule (core/review/presentation-tie.ts): once a decision on any of the author's abstracts is published.
  const decided = (abstracts.data?.items ?? []).some((a) => a.decision_published);
  const [chosen, setChosen] = useState<string | null>(null);
  const presents = chosen ?? accepted[0]?.id;
  const numberOf = (id: string | undefined) => {
    const a = accepted.find((x) => x.id === id);
    return a && 'number' in a.review_status ? `${a.review_status.number}: ${a.title_of_abstract}` : undefined;
  };
  const uploads = useUploads(purpose, {
    onUploaded: (file) => {
      queryClient.setQueryData<UploadedFile[]>(presentationFilesKey(purpose), (list) => [...(list ?? []).filter((f) => f.id !== file.id), file]);
      toaster.success({ title: t('presentations.files.uploaded', { name: file.name }) });
    },
    onFailed: (name, message) => toaster.error({ title: t('presentations.files.uploadFailed', { name }), description: message }),
  }, accepted.length ? presents : undefined);

  const stored = files.data ?? [];
  const remaining = rule.maxCount - stored.length - uploads.active;

  return (
    <Page
      title={title}
      lead={t('presentations.page.lead', { kind })}
      width="wide"
    >
      <Stack direction={{ base: 'column', lg: 'row' }} gap="8" align="start">
        <Card.Root flex="1" w="full">
          <Card.Body gap="5">
            <Text>
              {t('presentations.page.rules', { extensions: rule.extensions.map((e) => `.${e}`).join(t('presentations.page.or')), mb: megabytes(rule.maxBytes), max: rule.maxCount })}
            </Text>
            {accepted.length > 0 && (
              <Field.Root>
                <Field.Label>{t('presentations.page.presents', { kind })}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={presents} onChange={(e) => setChosen(e.currentTarget.value)}>
                    {accepted.map((a) => (
                      <option key={a.id} value={a.id}>
                        {numberOf(a.id)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            {/* Until the abstracts are read, which abstract a file presents is not known: a file chosen then was refused. */}
            {abstracts.isPending ? (
              <Text color="fg.muted">{t('frame.loading')}</Text>
            ) : decided && accepted.length === 0 ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Description>{t('presentations.page.noneAccepted', { kind })}</Alert.Description>
              </Alert.Root>
            ) : (
              <FileDropZone purpose={purpose} remaining={remaining} onFiles={uploads.start} label={t('presentations.page.choose', { kind })} />
            )}
            <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
            <Box>
              <Heading as="h2" size="md" mb="3">
                {t('presentations.page.yourFiles', { count: stored.length, max: rule.maxCount })}
              </Heading>
              {files.isError ? (
                <QueryError error={files.error} title={t('abstracts.list.queryFailed')} onRetry={() => void files.refetch()} />
              ) : files.isPending ? (
                <Text color="gray.700">{t('presentations.page.loading')}</Text>
              ) : (
                <StoredFiles
                  files={stored}
                  label={t('presentations.page.filesLabel', { kind })}
                  empty={t('presentations.page.empty', { kind })}
                  onRemove={setRemoving}
                  describe={(f) => (f.presentation_of ? (numberOf(f.presentation_of) ? t('presentations.page.presentsAbstract', { abstract: numberOf(f.presentation_of)! }) : t('presentations.page.presentsAny')) : undefined)}
                />
              )}
            </Box>
          </Card.Body>
        </Card.Root>
        <Box as="figure" flex="1" w="full" maxW={{ lg: 'md' }}>
          <Image src={page.image} alt={t('presentations.page.alt', { kind })} w="full" rounded="md" borderWidth="1px" loading="lazy" />
          <Text as="figcaption" fontSize="sm" color="gray.700" mt="2">
            {t('presentations.page.guideline', { kind })}
          </Text>
        </Box>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('presentations.files.removeTitle')}
        confirmLabel={t('presentations.files.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await removePresentationFile(purpose, removing.id);
            queryClient.setQueryData<UploadedFile[]>(presentationFilesKey(purpose), (list) => (list ?? []).filter((f) => f.id !== removing.id));
            toaster.success({ title: t('presentations.page.removed', { name: removing.name }) });
          } catch (error) {
            toaster.error({ title: t('abstracts.form.operationFailed'), description: (error as Error).message });
          } finally {
            setRemoving(null);
          }
        }}
      >
        {t('presentations.page.removeText', { name: removing?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
