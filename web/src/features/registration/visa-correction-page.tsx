/**
 * /registration/visa/:id: the passport data of one order, which the registration office asked the
 * delegate to correct for the visa invitation letter (the mail's link and the order list lead
 * here). Only the passport fields and the scan, even on a paid order; the server takes only these
 * (POST .../visa_correction) over the version the form was opened on, and the data goes back
 * under review.
 */
import { Alert, Button, Grid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { genders, passportFields, visaCorrectionSchema } from '#core/orders/schemas';
import { SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { toaster } from '../../components/ui/toaster';
import { useCountryOptions } from '../../i18n/countries';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import { paths } from '../../config/paths';
import { orderApi, orderKeys, useOrder, useOrderOptions, type OrderDetail } from './api';
import { useT } from '../../i18n/i18n';
import { useOrderLabels } from './labels';
import { savedPassportName } from './order-form';

type Values = z.input<typeof visaCorrectionSchema>;
const fields = passportFields;

const valuesOf = (d: OrderDetail): Values => ({
  ...(Object.fromEntries(fields.map((f) => [f, String((d.detail as Record<string, unknown>)[f] ?? '')])) as Omit<Values, 'version'>),
  version: d.order.updated_at,
});

function CorrectionForm({ id, detail, countries }: { id: string; detail: OrderDetail; countries: readonly string[] }) {
  const t = useT();
  const label = useOrderLabels();
  const countryChoices = useCountryOptions(countries);
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(visaCorrectionSchema, undefined, { raw: true }) as Resolver<Values>, defaultValues: valuesOf(detail) });
  const [fileName, setFileName] = useState(detail.detail.front_page_of_the_passport ? savedPassportName : '');
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const fileId = useWatch({ control: form.control, name: 'front_page_of_the_passport' });
  const uploads = useUploads('passport', {
    onUploaded: (file) => {
      form.setValue('front_page_of_the_passport', file.id, { shouldDirty: true });
      setFileName(file.name);
      form.clearErrors('front_page_of_the_passport');
      toaster.success({ title: t('registration.wizard.uploaded', { name: file.name }) });
    },
    onFailed: (name, message) => toaster.error({ title: t('registration.wizard.uploadFailed', { name }), description: message }),
  });
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await orderApi.correctVisa(id, { ...values, version: detail.order.updated_at });
      setOutcome({ status: 'success', text: answer.message });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, fields);
      if (text) setOutcome({ status: 'error', text });
    }
  });
  if (outcome?.status === 'success') {
    return (
      <Stack gap="4">
        <FormAlert status="success" title={t('registration.visa.sent')}>
          {outcome.text}
        </FormAlert>
        <Button asChild alignSelf="start" colorPalette="brand">
          <RouterLink to={paths.registrationList}>{t('registration.visa.backToList')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('registration.visa.formLabel')}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField<Values> name="full_name_as_on_passport" label={label.field('full_name_as_on_passport')} required autoComplete="name" />
          <SelectField<Values> name="gender" label={label.field('gender')} required options={genders.map((g) => ({ value: g, label: label.gender(g) }))} />
          <SelectField<Values> name="nationality" label={label.field('nationality')} required options={countryChoices} />
          <TextField<Values> name="date_of_birth" label={label.field('date_of_birth')} type="date" required autoComplete="bday" />
          <TextField<Values> name="passport_number" label={label.field('passport_number')} required />
          <TextField<Values> name="issue_date_of_passport" label={label.field('issue_date_of_passport')} type="date" required />
          <TextField<Values> name="expiry_date_of_passport" label={label.field('expiry_date_of_passport')} type="date" required />
          <TextField<Values> name="for_visa_support_letter" label={label.field('for_visa_support_letter')} />
        </Grid>
        <Stack gap="3">
          <Text fontWeight="medium">{label.field('front_page_of_the_passport')}</Text>
          {fileId ? (
            <StoredFiles
              files={[{ id: String(fileId), name: fileName === savedPassportName ? t('registration.wizard.passportSaved') : fileName || t('registration.wizard.passportFrontPage') }]}
              label={t('registration.wizard.passportOfOrder')}
              onRemove={() => {
                form.setValue('front_page_of_the_passport', '', { shouldDirty: true });
                setFileName('');
              }}
            />
          ) : (
            <FileDropZone purpose="passport" maxFiles={1} remaining={uploads.active > 0 ? 0 : 1} onFiles={uploads.start} label={t('registration.wizard.choosePassport')} />
          )}
          <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
          {form.formState.errors.front_page_of_the_passport?.message && (
            <Text color="red.600" fontSize="sm" role="alert">
              {form.formState.errors.front_page_of_the_passport.message}
            </Text>
          )}
        </Stack>
        <TextAreaField<Values> name="other_info_required_by_chinese_embassy_for_visa_support" label={label.field('other_info_required_by_chinese_embassy_for_visa_support')} rows={3} />
        {outcome && (
          <FormAlert status="error" title={t('registration.visa.notSent')}>
            {outcome.text}
          </FormAlert>
        )}
        <SubmitButton alignSelf="start" loading={form.formState.isSubmitting}>
          {t('registration.visa.submit')}
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

export default function VisaCorrectionPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const options = useOrderOptions();
  const t = useT();
  const title = t('registration.visa.title');
  const [shown, setShown] = useState<OrderDetail | null>(null);
  // The form keeps the version it was opened on: a refetch after the answer does not reset it.
  useEffect(() => {
    if (order.data && !shown) setShown(order.data);
  }, [order.data, shown]);
  if (order.isError) return <Page title={title}><QueryError error={order.error} onRetry={() => void order.refetch()} title={t('registration.visa.loadFailed')} /></Page>;
  if (!shown || !options.data) return <PageSkeleton title={title} />;
  const visa = shown.order.visa_letter;
  return (
    <Page title={title} lead={t('registration.visa.lead', { orderNo: shown.order.order_no })}>
      <Stack gap="6">
        {visa?.can_correct ? (
          <>
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('registration.visa.asked')}</Alert.Title>
                <Alert.Description>{visa.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <CorrectionForm id={id} detail={shown} countries={options.data.country_regions} />
          </>
        ) : (
          <Stack gap="4">
            <Text>{visa ? t('registration.visa.notWaiting') : t('registration.visa.notWaitingNoVisa')}</Text>
            <Button asChild alignSelf="start" variant="outline">
              <RouterLink to={paths.registrationList}>{t('registration.list.tableLabel')}</RouterLink>
            </Button>
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
