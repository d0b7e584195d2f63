/**
 * /common/reload: the review of a registration by category, as the delegate sees it (spec sections
 * 2 and 4). Under review: the spec's "please wait" text. Not approved (register_status 2): the
 * spec's re-upload text (for a society member: that the member number was not approved), the office's reason, and the form that hands the proof in again (the
 * member number for a society member, new documents through the upload mechanism for a young
 * investigator or fellow); POST /upload_again puts it back under review and the user info is read
 * afresh. Approved: says so and leads to the payment detail (the spec's two texts would be untrue).
 */
import { Box, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type * as z from 'zod/mini';
import { categoryName, REGISTRATION_TYPE } from '#core/registration-by-category/fees';
import { REGISTER_STATUS } from '#core/registration-by-category/ports';
import { rejectedText, reviewStateTexts as reviewTexts } from '#core/registration-by-category/ports';
import { documentsAgainForm, memberAgainForm } from '#core/registration-by-category/schemas';
import { TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton } from '../../components/form/submit-button';
import { Page, PageSkeleton } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import { paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { personInfoKey, usePersonInfo } from '../account/api';
import { registrationByCategoryApi } from './api';

const title = 'Registration review';

/** Sends the proof again; the answer's words, or the refusal's, shown under the form. */
function useHandIn() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (cardMessage: string) => {
    setFailure(null);
    try {
      const { message } = await registrationByCategoryApi.uploadAgain(cardMessage);
      toaster.success({ title: message });
      // The spec: then the user info is refreshed (the page shows the review state it holds).
      await queryClient.invalidateQueries({ queryKey: personInfoKey });
    } catch (error) {
      if (!isCancelled(error)) setFailure(error instanceof ApiError ? error.message : 'Submission failed.');
    }
  };
  return { send, failure };
}

function MemberAgain() {
  const form = useForm<z.input<typeof memberAgainForm>>({ resolver: zodResolver(memberAgainForm, undefined, { raw: true }) as Resolver<z.input<typeof memberAgainForm>>, defaultValues: { card_message: '' } });
  const handIn = useHandIn();
  return (
    <FormProvider {...form}>
      <FormStack noValidate aria-label="Member number" onSubmit={(e) => void form.handleSubmit((v) => handIn.send(v.card_message.trim()))(e)}>
        <TextField<z.input<typeof memberAgainForm>> name="card_message" label="OESO member number" required helper="The registration office checks it again before you pay." />
        {handIn.failure && (
          <FormAlert status="error" title="Not sent">
            {handIn.failure}
          </FormAlert>
        )}
        <SubmitButton loading={form.formState.isSubmitting} alignSelf="flex-start">
          Submit again
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

type DocumentValues = z.input<typeof documentsAgainForm>;

function DocumentsAgain({ young }: { young: boolean }) {
  const form = useForm<DocumentValues>({ resolver: zodResolver(documentsAgainForm, undefined, { raw: true }) as Resolver<DocumentValues>, defaultValues: { files: [] } });
  const files = useFieldArray({ control: form.control, name: 'files', keyName: 'key' });
  const handIn = useHandIn();
  const uploads = useUploads('document', {
    onUploaded: (file) => {
      files.append({ id: file.id, name: file.name });
      form.clearErrors('files');
      toaster.success({ title: `${file.name} file uploaded successfully.` });
    },
    onFailed: (name, message) => toaster.error({ title: `${name} file upload failed.`, description: message }),
  });
  const error = (form.formState.errors.files as { message?: string } | undefined)?.message ?? form.formState.errors.files?.root?.message;
  return (
    <FormProvider {...form}>
      <FormStack noValidate aria-label="New documents" onSubmit={(e) => void form.handleSubmit((v) => handIn.send(v.files.map((f) => f.id).join(',')))(e)}>
        <Stack gap="3" data-invalid={error ? '' : undefined}>
          <Text fontWeight="medium">{young ? 'Young investigator documents' : 'Fellow documents'}</Text>
          <Text fontSize="sm" color="gray.700">
            Upload the documents again (JPG, PNG or PDF, up to 5 MB each, at most 5). The registration office reviews them before you pay.
          </Text>
          <FileDropZone purpose="document" remaining={5 - files.fields.length - uploads.active} onFiles={uploads.start} label="Choose documents" />
          <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
          <StoredFiles files={files.fields} label="New documents" empty="No document yet." onRemove={(file) => files.remove(files.fields.findIndex((f) => f.id === file.id))} />
          {error && (
            <Text color="red.600" fontSize="sm" role="alert">
              {error}
            </Text>
          )}
        </Stack>
        {handIn.failure && (
          <FormAlert status="error" title="Not sent">
            {handIn.failure}
          </FormAlert>
        )}
        <SubmitButton loading={form.formState.isSubmitting} disabled={uploads.active > 0} alignSelf="flex-start">
          Submit again
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

export default function ReloadPage() {
  const info = usePersonInfo({ fresh: true });
  if (!info.data || !(info.isFetchedAfterMount || info.isError)) return <PageSkeleton title={title} />;
  const i = info.data;
  if (!i.register_code) {
    return (
      <Page title={title} lead="You have not registered by category yet.">
        <ChakraLink asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.registerInformation}>Register your information</RouterLink>
        </ChakraLink>
      </Page>
    );
  }
  const type = i.regiatration_type ?? 0;
  const lead = `Registration ${i.register_code}: ${categoryName(type)}.`;
  if (i.register_status === REGISTER_STATUS.rejected) {
    return (
      <Page title={title} lead={lead}>
        <Stack gap="6">
          <FormAlert status="warning" title={type === REGISTRATION_TYPE.member ? 'Please enter your member number again' : 'Please upload again'}>
            {rejectedText(type)}
          </FormAlert>
          {i.review_reason && (
            <Box borderWidth="1px" borderRadius="md" p="4">
              <Text fontWeight="semibold">Reason given by the registration office</Text>
              <Text whiteSpace="pre-wrap">{i.review_reason}</Text>
            </Box>
          )}
          {type === REGISTRATION_TYPE.member ? <MemberAgain /> : <DocumentsAgain young={type === REGISTRATION_TYPE.youngInvestigator} />}
        </Stack>
      </Page>
    );
  }
  if (i.register_status === REGISTER_STATUS.inReview) {
    return (
      <Page title={title} lead={lead}>
        <FormAlert status="info" title="Under review">
          {reviewTexts.inReview}
        </FormAlert>
      </Page>
    );
  }
  return (
    <Page title={title} lead={lead}>
      <Stack gap="4">
        <FormAlert status="success" title="Approved">
          Your registration is approved: you can go on to the payment detail.
        </FormAlert>
        <ChakraLink asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.fee}>Payment detail</RouterLink>
        </ChakraLink>
      </Stack>
    </Page>
  );
}
