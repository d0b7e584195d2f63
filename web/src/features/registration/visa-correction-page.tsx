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
import { orderFieldLabels } from '#core/orders/field-labels';
import { SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { toaster } from '../../components/ui/toaster';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import { paths } from '../../config/paths';
import { orderApi, orderKeys, useOrder, useOrderOptions, type OrderDetail } from './api';

type Values = z.input<typeof visaCorrectionSchema>;
const fields = passportFields;

const valuesOf = (d: OrderDetail): Values => ({
  ...(Object.fromEntries(fields.map((f) => [f, String((d.detail as Record<string, unknown>)[f] ?? '')])) as Omit<Values, 'version'>),
  version: d.order.updated_at,
});

function CorrectionForm({ id, detail, countries }: { id: string; detail: OrderDetail; countries: readonly string[] }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(visaCorrectionSchema, undefined, { raw: true }) as Resolver<Values>, defaultValues: valuesOf(detail) });
  const [fileName, setFileName] = useState(detail.detail.front_page_of_the_passport ? 'Passport front page (saved with the order)' : '');
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const fileId = useWatch({ control: form.control, name: 'front_page_of_the_passport' });
  const uploads = useUploads('passport', {
    onUploaded: (file) => {
      form.setValue('front_page_of_the_passport', file.id, { shouldDirty: true });
      setFileName(file.name);
      form.clearErrors('front_page_of_the_passport');
      toaster.success({ title: `${file.name} file uploaded successfully.` });
    },
    onFailed: (name, message) => toaster.error({ title: `${name} file upload failed.`, description: message }),
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
        <FormAlert status="success" title="Sent for review">
          {outcome.text}
        </FormAlert>
        <Button asChild alignSelf="start" colorPalette="brand">
          <RouterLink to={paths.registrationList}>Back to your registration orders</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Passport data">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField<Values> name="full_name_as_on_passport" label={orderFieldLabels.full_name_as_on_passport} required autoComplete="name" />
          <SelectField<Values> name="gender" label={orderFieldLabels.gender} required options={genders.map((g) => ({ value: g, label: g }))} />
          <SelectField<Values> name="nationality" label={orderFieldLabels.nationality} required options={countries.map((c) => ({ value: c, label: c }))} />
          <TextField<Values> name="date_of_birth" label={orderFieldLabels.date_of_birth} type="date" required autoComplete="bday" />
          <TextField<Values> name="passport_number" label={orderFieldLabels.passport_number} required />
          <TextField<Values> name="issue_date_of_passport" label={orderFieldLabels.issue_date_of_passport} type="date" required />
          <TextField<Values> name="expiry_date_of_passport" label={orderFieldLabels.expiry_date_of_passport} type="date" required />
          <TextField<Values> name="for_visa_support_letter" label={orderFieldLabels.for_visa_support_letter} />
        </Grid>
        <Stack gap="3">
          <Text fontWeight="medium">Front page of the passport</Text>
          {fileId ? (
            <StoredFiles
              files={[{ id: String(fileId), name: fileName || 'Passport front page' }]}
              label="Passport page of this order"
              onRemove={() => {
                form.setValue('front_page_of_the_passport', '', { shouldDirty: true });
                setFileName('');
              }}
            />
          ) : (
            <FileDropZone purpose="passport" maxFiles={1} remaining={uploads.active > 0 ? 0 : 1} onFiles={uploads.start} label="Choose the passport page" />
          )}
          <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
          {form.formState.errors.front_page_of_the_passport?.message && (
            <Text color="red.600" fontSize="sm" role="alert">
              {form.formState.errors.front_page_of_the_passport.message}
            </Text>
          )}
        </Stack>
        <TextAreaField<Values> name="other_info_required_by_chinese_embassy_for_visa_support" label={orderFieldLabels.other_info_required_by_chinese_embassy_for_visa_support} rows={3} />
        {outcome && (
          <FormAlert status="error" title="Not sent">
            {outcome.text}
          </FormAlert>
        )}
        <SubmitButton alignSelf="start" loading={form.formState.isSubmitting}>
          Send the corrected data
        </SubmitButton>
      </FormStack>
    </FormProvider>
  );
}

export default function VisaCorrectionPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const options = useOrderOptions();
  const title = 'Correct your passport data';
  const [shown, setShown] = useState<OrderDetail | null>(null);
  // The form keeps the version it was opened on: a refetch after the answer does not reset it.
  useEffect(() => {
    if (order.data && !shown) setShown(order.data);
  }, [order.data, shown]);
  if (order.isError) return <Page title={title}><QueryError error={order.error} onRetry={() => void order.refetch()} title="The order could not be loaded." /></Page>;
  if (!shown || !options.data) return <PageSkeleton title={title} />;
  const visa = shown.order.visa_letter;
  return (
    <Page title={title} lead={`Order ${shown.order.order_no}: the passport data for your visa invitation letter.`}>
      <Stack gap="6">
        {visa?.can_correct ? (
          <>
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The registration office asks you to correct your passport data</Alert.Title>
                <Alert.Description>{visa.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <CorrectionForm id={id} detail={shown} countries={options.data.country_regions} />
          </>
        ) : (
          <Stack gap="4">
            <Text>The passport data of this order is not waiting for a correction{visa ? '' : ' (no visa support was asked for)'}.</Text>
            <Button asChild alignSelf="start" variant="outline">
              <RouterLink to={paths.registrationList}>Your registration orders</RouterLink>
            </Button>
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
