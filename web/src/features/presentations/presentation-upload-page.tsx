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
import { tieMessages } from '#core/review/presentation-tie';
import { useAbstracts } from '../abstracts/api';
import { presentationFilesKey, removePresentationFile, usePresentationFiles, type PresentationPurpose } from './api';

const pages = {
  poster: {
    title: 'Poster upload',
    lead: 'Upload your e-poster as a PowerPoint file. It is shown on the poster screens in the exhibition hall during the congress.',
    image: '/images/guides/poster-guideline.svg',
    alt: 'Poster guideline: one portrait slide, 16:9, with title, authors and affiliations at the top, then introduction, methods, results and conclusions.',
    noun: 'poster',
  },
  oral: {
    title: 'Oral presentation upload',
    lead: 'Upload the slides of your talk as a PowerPoint file, so that they are ready on the session room computer.',
    image: '/images/guides/oral-guideline.svg',
    alt: 'Oral presentation guideline: 16:9 slides, a title slide with your name and affiliation, about one slide per minute of your talk.',
    noun: 'presentation',
  },
} as const;

export function PresentationUploadPage({ purpose }: { purpose: PresentationPurpose }) {
  const page = pages[purpose];
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
      toaster.success({ title: `${file.name} file uploaded successfully.` });
    },
    onFailed: (name, message) => toaster.error({ title: `${name} file upload failed.`, description: message }),
  }, accepted.length ? presents : undefined);

  const stored = files.data ?? [];
  const remaining = rule.maxCount - stored.length - uploads.active;

  return (
    <Page
      title={page.title}
      lead={page.lead}
      width="wide"
    >
      <Stack direction={{ base: 'column', lg: 'row' }} gap="8" align="start">
        <Card.Root flex="1" w="full">
          <Card.Body gap="5">
            <Text>
              PowerPoint ({rule.extensions.map((e) => `.${e}`).join(' or ')}) only, up to {megabytes(rule.maxBytes)} MB per file, at most {rule.maxCount} files. Large files upload straight
              to our storage; keep this page open until the bar is full.
            </Text>
            {accepted.length > 0 && (
              <Field.Root>
                <Field.Label>The accepted abstract this {page.noun} presents</Field.Label>
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
            {decided && accepted.length === 0 ? (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Description>{tieMessages.noneAccepted(purpose)} The status of each abstract is in your list of abstracts.</Alert.Description>
              </Alert.Root>
            ) : (
              <FileDropZone purpose={purpose} remaining={remaining} onFiles={uploads.start} label={`Choose ${page.noun} files`} />
            )}
            <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
            <Box>
              <Heading as="h2" size="md" mb="3">
                Your files ({stored.length} of {rule.maxCount})
              </Heading>
              {files.isError ? (
                <QueryError error={files.error} title="The list content query failed." onRetry={() => void files.refetch()} />
              ) : files.isPending ? (
                <Text color="gray.700">Loading your files...</Text>
              ) : (
                <StoredFiles
                  files={stored}
                  label={`Your ${page.noun} files`}
                  empty={`You have not uploaded a ${page.noun} yet. Choose a file above to start.`}
                  onRemove={setRemoving}
                  describe={(f) => (f.presentation_of ? `Presents ${numberOf(f.presentation_of) ?? 'an abstract'}` : undefined)}
                />
              )}
            </Box>
          </Card.Body>
        </Card.Root>
        <Box as="figure" flex="1" w="full" maxW={{ lg: 'md' }}>
          <Image src={page.image} alt={page.alt} w="full" rounded="md" borderWidth="1px" loading="lazy" />
          <Text as="figcaption" fontSize="sm" color="gray.700" mt="2">
            {page.title.replace(' upload', '')} guideline
          </Text>
        </Box>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this file?"
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await removePresentationFile(purpose, removing.id);
            queryClient.setQueryData<UploadedFile[]>(presentationFilesKey(purpose), (list) => (list ?? []).filter((f) => f.id !== removing.id));
            toaster.success({ title: `${removing.name} has been removed.` });
          } catch (error) {
            toaster.error({ title: 'The operation failed.', description: (error as Error).message });
          } finally {
            setRemoving(null);
          }
        }}
      >
        {removing?.name} will be deleted from the congress storage. You can upload it again later.
      </ConfirmDialog>
    </Page>
  );
}
