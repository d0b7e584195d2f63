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
import { useLocalise, useT } from '../../i18n/i18n';


/** Sends the proof again; the answer's words, or the refusal's, shown under the form. */
function useHandIn() {
  const t = useT();
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
      if (!isCancelled(error)) setFailure(error instanceof ApiError ? error.message : t('registration.reload.failed'));
    }
  };
  return { send, failure };
}

function MemberAgain() {
  const t = useT();
  const form = useForm<z.input<typeof memberAgainForm>>({ resolver: zodResolver(memberAgainForm, undefined, { raw: true }) as Resolver<z.input<typeof memberAgainForm>>, defaultValues: { card_message: '' } });
  const handIn = useHandIn();
  return (
    <FormProvider {...form}>
      <FormStack noValidate aria-label={t('registration.reload.memberForm')} onSubmit={(e) => void form.handleSubmit((v) => handIn.send(v.card_message.trim()))(e)}>
        <TextField<z.input<typeof memberAgainForm>> name="card_message" label={t('registration.reload.member')} required helper={t('registration.reload.memberHelp')} />
        {handIn.failure && (
          <FormAlert status="error" title={t('registration.visa.notSent')}>
            {handIn.failure}
          </FormAlert>
        )}
        <SubmitButton loading={form.formState.isSubmitting} alignSelf="flex-start">
          {t('registration.reload.submitAgain')}
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

type DocumentValues = z.input<typeof documentsAgainForm>;

function DocumentsAgain({ young }: { young: boolean }) {
  const t = useT();
  const form = useForm<DocumentValues>({ resolver: zodResolver(documentsAgainForm, undefined, { raw: true }) as Resolver<DocumentValues>, defaultValues: { files: [] } });
  const files = useFieldArray({ control: form.control, name: 'files', keyName: 'key' });
  const handIn = useHandIn();
  const uploads = useUploads('document', {
    onUploaded: (file) => {
      files.append({ id: file.id, name: file.name });
      form.clearErrors('files');
      toaster.success({ title: t('registration.wizard.uploaded', { name: file.name }) });
    },
    onFailed: (name, message) => toaster.error({ title: t('registration.wizard.uploadFailed', { name }), description: message }),
  });
  const error = (form.formState.errors.files as { message?: string } | undefined)?.message ?? form.formState.errors.files?.root?.message;
  return (
    <FormProvider {...form}>
      <FormStack noValidate aria-label={t('registration.reload.newDocuments')} onSubmit={(e) => void form.handleSubmit((v) => handIn.send(v.files.map((f) => f.id).join(',')))(e)}>
        <Stack gap="3" data-invalid={error ? '' : undefined}>
          <Text fontWeight="medium">{young ? t('registration.reload.youngDocuments') : t('registration.reload.fellowDocuments')}</Text>
          <Text fontSize="sm" color="gray.700">
            {t('registration.reload.uploadAgainText')}
          </Text>
          <FileDropZone purpose="document" remaining={5 - files.fields.length - uploads.active} onFiles={uploads.start} label={t('registration.reload.chooseDocuments')} />
          <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
          <StoredFiles files={files.fields} label={t('registration.reload.newDocuments')} empty={t('registration.reload.noDocument')} onRemove={(file) => files.remove(files.fields.findIndex((f) => f.id === file.id))} />
          {error && (
            <Text color="red.600" fontSize="sm" role="alert">
              {error}
            </Text>
          )}
        </Stack>
        {handIn.failure && (
          <FormAlert status="error" title={t('registration.visa.notSent')}>
            {handIn.failure}
          </FormAlert>
        )}
        <SubmitButton loading={form.formState.isSubmitting} disabled={uploads.active > 0} alignSelf="flex-start">
          {t('registration.reload.submitAgain')}
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

export default function ReloadPage() {
  const t = useT();
  const localise = useLocalise();
  const title = t('registration.reload.title');
  const info = usePersonInfo({ fresh: true });
  if (!info.data || !(info.isFetchedAfterMount || info.isError)) return <PageSkeleton title={title} />;
  const i = info.data;
  if (!i.register_code) {
    return (
      <Page title={title} lead={localise('You have not registered by category yet.')}>
        <ChakraLink asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.registerInformation}>{t('registration.voucher.register')}</RouterLink>
        </ChakraLink>
      </Page>
    );
  }
  const type = i.regiatration_type ?? 0;
  const lead = t('registration.reload.lead', { code: i.register_code, category: localise(categoryName(type)) });
  if (i.register_status === REGISTER_STATUS.rejected) {
    return (
      <Page title={title} lead={lead}>
        <Stack gap="6">
          <FormAlert status="warning" title={type === REGISTRATION_TYPE.member ? t('registration.reload.memberAgain') : t('registration.reload.uploadAgain')}>
            {localise(rejectedText(type))}
          </FormAlert>
          {i.review_reason && (
            <Box borderWidth="1px" borderRadius="md" p="4">
              <Text fontWeight="semibold">{t('registration.reload.reason')}</Text>
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
        <FormAlert status="info" title={t('registration.reload.underReview')}>
          {localise(reviewTexts.inReview)}
        </FormAlert>
      </Page>
    );
  }
  return (
    <Page title={title} lead={lead}>
      <Stack gap="4">
        <FormAlert status="success" title={t('registration.reload.approved')}>
          {t('registration.reload.approvedText')}
        </FormAlert>
        <ChakraLink asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.fee}>{t('registration.detail.paymentDetail')}</RouterLink>
        </ChakraLink>
      </Stack>
    </Page>
  );
}
