/**
 * /admin/voucher: the payment voucher of a registration by category (spec sections 2, 5, 7): a JPG
 * or PNG under 5 MB, uploaded through the one upload mechanism (checked by its name and size here,
 * by its bytes on the server), then named to POST /upload_documents; "Upload success!". The office
 * sees it with the registration. Possible once the registration is approved (the office reviews
 * documents first; the server says the same).
 */
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { REGISTER_STATUS } from '#core/registration-by-category/ports';
import { reviewMessages } from '#core/registration-by-category/review';
import { FormAlert } from '../../components/form/form-alert';
import { Page, PageSkeleton } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { personInfoKey, usePersonInfo } from '../account/api';
import { registrationByCategoryApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';


function VoucherUpload({ current }: { current: string | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const uploads = useUploads('voucher', {
    onUploaded: async (file) => {
      try {
        const { message } = await registrationByCategoryApi.uploadVoucher(file.id);
        setOutcome({ status: 'success', text: message });
        toaster.success({ title: message });
        await queryClient.invalidateQueries({ queryKey: personInfoKey });
      } catch (error) {
        setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : t('registration.voucher.uploadFailed') });
      }
    },
    onFailed: (name, message) => setOutcome({ status: 'error', text: `${t('registration.wizard.uploadFailed', { name })} ${message}` }),
  });
  return (
    <Stack gap="4">
      <Text>
        {t('registration.voucher.text')}
      </Text>
      <Text>
        {t('registration.voucher.current')}
        <strong>{current ?? t('registration.voucher.none')}</strong>
      </Text>
      <FileDropZone purpose="voucher" remaining={1 - uploads.active} maxFiles={1} onFiles={uploads.start} label={t('registration.voucher.choose')} />
      <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'success' ? t('registration.voucher.done') : t('registration.voucher.notUploaded')}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

export default function VoucherPage() {
  const t = useT();
  const localise = useLocalise();
  const title = t('registration.voucher.title');
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
  if (i.register_status !== REGISTER_STATUS.none) {
    return (
      <Page title={title} lead={t('registration.voucher.lead', { code: i.register_code })}>
        <Stack gap="3">
          <FormAlert status="info">{localise(reviewMessages.voucherNotYet)}</FormAlert>
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={paths.reload}>{t('registration.voucher.seeReview')}</RouterLink>
          </ChakraLink>
        </Stack>
      </Page>
    );
  }
  return (
    <Page title={title} lead={t('registration.voucher.lead', { code: i.register_code })}>
      <VoucherUpload current={i.payment_voucher} />
    </Page>
  );
}
