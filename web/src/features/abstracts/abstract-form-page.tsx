/**
 * /admin/upload (create) and /admin/upload-update/{id} (edit; view after the deadline).
 * One shared zod schema validates as the server does; the deadline is checked every second on
 * the server's clock and locks the form the moment it passes. What the delegate types (and the
 * PDFs already uploaded) is kept as a draft, so a failed submit or a reload loses nothing.
 * Once locked, the form shows the abstract as stored; text typed but not saved in time is shown
 * apart, labelled as not saved (unsaved-changes.tsx), never as the abstract.
 */
import { Alert, Box, Button, Card, Grid, HStack, Separator, Stack, Text, chakra } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type Resolver } from 'react-hook-form';
import type * as z from 'zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { abstractLimits, uploadPurposes } from '#core/config/conference';
import type { SavedAbstractState } from './abstract-success-page';
import { abstractFormFrame, formLead } from './abstract-form-frame';
import { AbstractLimitReached } from './limit-reached';
import { SubmissionClosed } from './submission-closed';
import { abstractMessages, abstractSchema, type AbstractInput } from '#core/abstracts/schemas';
import { megabytes } from '#core/uploads/rules';
import type { PersonInfo } from '#core/accounts/model';
import { cstDate } from '#core/time';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { countryOptions } from '../../i18n/countries';
import { useDeadlineText } from './abstracts-frame';
import { FormAlert } from '../../components/form/form-alert';
import { FormSection } from '../../components/form/form-section';
import { FormStack } from '../../components/form/form-stack';
import { TextAreaField, TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { scrollToFirstError } from '../../components/form/scroll-to-error';
import { useDraft } from '../../components/form/use-draft';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { toaster } from '../../components/ui/toaster';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import { paths } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { serverNow } from '../../lib/clock';
import { useStagedRender } from '../../lib/use-staged-render';
import { draftChanges } from '../../lib/drafts';
import { usePersonInfo } from '../account/api';
import { abstractApi, abstractKeys, useAbstract, useAbstractOptions, useAbstracts, useAbstractsOpen, type AbstractDetail } from './api';
import {
  AgreementsField,
  CategoryField,
  CharCount,
  PeopleFields,
  WordCount,
  YesNoField,
  emptyPerson,
  type AbstractFormValues,
} from './abstract-form-fields';
import { UnsavedChanges, unsavedFields } from './unsaved-changes';

const topFields = [
  'authors',
  'presenter_abstract',
  'presenter_infos',
  'title_of_abstract',
  'abstract_category',
  'keywords',
  'abstract_body',
  'financial_support',
  'conference_iacr_fellowship',
  'conflict_of_interest_disclosure',
  'agreements',
  'submitter_name',
  'submitter_date',
  'upload_files',
] as const;

function blankForm(info: PersonInfo | undefined): AbstractFormValues {
  const name = [info?.first_name, info?.last_name].filter(Boolean).join(' ');
  return {
    // The submitter is usually the first author: start from the profile.
    authors: [{ ...emptyPerson(), first_name: info?.first_name ?? '', last_name: info?.last_name ?? '', email: info?.email ?? '', institute: info?.organization ?? '', country: info?.country ?? '' }],
    presenter_abstract: undefined,
    presenter_infos: [],
    title_of_abstract: '',
    abstract_category: '',
    keywords: '',
    abstract_body: '',
    financial_support: undefined,
    conference_iacr_fellowship: undefined,
    conflict_of_interest_disclosure: '',
    agreements: [],
    submitter_name: name,
    submitter_date: cstDate(serverNow()),
    upload_files: [],
  };
}

function fromDetail(d: AbstractDetail): AbstractFormValues {
  return {
    authors: d.authors,
    presenter_abstract: d.presenter_abstract,
    presenter_infos: d.presenter_infos,
    title_of_abstract: d.title_of_abstract,
    abstract_category: d.abstract_category,
    keywords: d.keywords,
    abstract_body: d.abstract_body,
    financial_support: d.financial_support,
    conference_iacr_fellowship: d.conference_iacr_fellowship,
    conflict_of_interest_disclosure: d.conflict_of_interest_disclosure,
    agreements: d.agreements,
    submitter_name: d.submitter_name,
    submitter_date: d.submitter_date,
    upload_files: d.upload_files.map((f) => ({ id: f.id, name: f.name, size: f.size })),
  };
}

type Uploads = ReturnType<typeof useUploads>;

function FilesField(props: { readOnly: boolean; savedIds: string[]; uploads: Uploads }) {
  const { setValue, getValues } = useFormContextTyped();
  const files = useWatch<AbstractFormValues, 'upload_files'>({ name: 'upload_files' }) ?? [];
  const [removing, setRemoving] = useState<string[]>([]);
  const rule = uploadPurposes.abstract;
  const { uploads } = props;
  const t = useT();
  const remove = async (file: { id: string; name: string }) => {
    if (removing.includes(file.id)) return;
    setRemoving((ids) => [...ids, file.id]);
    try {
      // A file the saved abstract holds goes when the form is saved; a new one goes now.
      if (!props.savedIds.includes(file.id)) await abstractApi.removePendingFile(file.id);
      setValue(
        'upload_files',
        getValues('upload_files').filter((f) => f.id !== file.id),
        { shouldDirty: true, shouldValidate: true },
      );
    } catch (error) {
      if (!isCancelled(error)) toaster.error({ title: t('abstracts.form.operationFailed'), description: (error as Error).message });
    } finally {
      setRemoving((ids) => ids.filter((id) => id !== file.id));
    }
  };
  return (
    <Stack gap="3">
      {!props.readOnly && (
        <>
          <FileDropZone purpose="abstract" remaining={rule.maxCount - files.length - uploads.active} onFiles={uploads.start} label={t('abstracts.form.chooseFiles')} />
          <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
        </>
      )}
      <StoredFiles
        files={files.filter((f) => !removing.includes(f.id))}
        label={t('abstracts.form.filesLabel')}
        empty={props.readOnly ? t('abstracts.form.noFile') : t('abstracts.form.noFileYet')}
        onRemove={props.readOnly ? undefined : (f) => void remove(f)}
      />
      {!props.readOnly && props.savedIds.length > 0 && (
        <Text fontSize="xs" color="gray.700">
          {t('abstracts.form.removedOnSave')}
        </Text>
      )}
    </Stack>
  );
}

const useFormContextTyped = () => useFormContext<AbstractFormValues>();

export default function AbstractFormPage() {
  const lang = useLang();
  const { id } = useParams();
  const info = usePersonInfo();
  const options = useAbstractOptions();
  const detail = useAbstract(id);
  const list = useAbstracts();
  const deadlineOpen = useAbstractsOpen();
  // After the deadline, the one revision the committee asked for keeps this abstract's form open (its text only).
  const open = detail.data?.revision_open ? true : deadlineOpen;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const localise = useLocalise();
  const deadlineText = useDeadlineText();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [filled, setFilled] = useState(false);
  /** Changes typed here or kept as a draft that the deadline kept from being saved (null: none). */
  const [unsaved, setUnsaved] = useState<{ changes: Partial<AbstractFormValues>; atLock: boolean } | null>(null);
  /** Whether the form was filled while changes were still accepted (then the deadline locks it here). */
  const filledOpen = useRef(false);
  const form = useForm<AbstractFormValues>({
    // The schema's input is `unknown` (it normalises yes/no first); the form's values are AbstractFormValues.
    resolver: zodResolver(abstractSchema as unknown as z.ZodType<AbstractFormValues, AbstractFormValues>) as unknown as Resolver<AbstractFormValues>,
    shouldFocusError: false,
    defaultValues: blankForm(undefined),
  });
  const draft = useDraft(form, info.data ? `abstract:${info.data.id}:${id ?? 'new'}` : null, id ? (detail.data?.updated_at ?? null) : null);
  const presenterIsFirstAuthor = useWatch({ control: form.control, name: 'presenter_abstract' });
  const savedRef = useRef<AbstractFormValues | null>(null);
  const uploads = useUploads('abstract', {
    onUploaded: (file) => {
      form.setValue('upload_files', [...form.getValues('upload_files'), { id: file.id, name: file.name, size: file.size }], {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
      toaster.success({ title: t('presentations.files.uploaded', { name: file.name }) });
    },
    onFailed: (name, message) => toaster.error({ title: t('presentations.files.uploadFailed', { name }), description: message }),
  });

  useEffect(() => {
    // Waits for the clock too: after the deadline only the saved abstract counts, never a draft.
    if (filled || open === null || !info.data || (id && !detail.data)) return;
    const saved = id ? fromDetail(detail.data!) : blankForm(info.data);
    savedRef.current = saved;
    const restored = open ? draft.restore(saved) : {};
    form.reset({ ...saved, ...restored });
    filledOpen.current = open;
    if (!open) {
      // A draft left from before the deadline is shown as what it is: text that was not saved.
      const left = draft.peek(saved);
      if (Object.keys(left).length) setUnsaved({ changes: left, atLock: false });
    }
    setFilled(true);
  }, [info.data, detail.data, id, filled, open]);

  const readOnly = open === false;
  const submitting = form.formState.isSubmitting;
  // The deadline passed with the form open: show the abstract as stored (read again, it may have
  // been saved elsewhere meanwhile) and keep what was typed apart. A save under way decides first.
  useEffect(() => {
    if (!readOnly || !filled || !filledOpen.current || submitting) return;
    filledOpen.current = false;
    const typed = form.getValues();
    draft.freeze(); // the stored draft stays: reloading shows the same text as not saved
    const lock = (stored: AbstractFormValues) => {
      savedRef.current = stored;
      form.reset(stored);
      const changes = draftChanges(stored, typed);
      setUnsaved(Object.keys(changes).length ? { changes, atLock: true } : null);
    };
    lock(savedRef.current ?? blankForm(info.data));
    if (id) void detail.refetch().then((fresh) => fresh.data && lock(fromDetail(fresh.data)));
  }, [readOnly, filled, submitting]);

  const forgetUnsaved = () => {
    draft.clear();
    setUnsaved(null);
  };

  const discardDraft = () => {
    draft.clear();
    if (savedRef.current) {
      form.reset(savedRef.current);
      draft.restore(savedRef.current); // typing on from here is a draft again
    }
  };

  // Answering "No" asks for the presenter: start with one empty entry.
  useEffect(() => {
    if (presenterIsFirstAuthor === false && (form.getValues('presenter_infos') ?? []).length === 0) form.setValue('presenter_infos', [emptyPerson()]);
  }, [presenterIsFirstAuthor]);

  const closedOnArrival = useRef<boolean | null>(null);
  if (closedOnArrival.current === null && open !== null) closedOnArrival.current = !open;
  const full = !id && (list.data?.total ?? 0) >= abstractLimits.maxAbstractsPerDelegate;
  // Decided once, when the list first answers: a form the delegate is filling in never vanishes
  // (if the limit is reached meanwhile elsewhere, the form says so and Submit is disabled).
  const fullOnArrival = useRef<boolean | null>(null);
  if (fullOnArrival.current === null && !id && (list.data || list.isError)) fullOnArrival.current = full;

  const showFirstError = () => scrollToFirstError(formRef.current);

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      const body = { ...values, upload_files: values.upload_files.map((f) => (typeof f === 'string' ? f : f.id)) } as AbstractInput;
      try {
        const result = id ? await abstractApi.update(id, body, detail.data?.updated_at) : await abstractApi.create(body);
        draft.clear();
        await queryClient.invalidateQueries({ queryKey: abstractKeys.list });
        queryClient.removeQueries({ queryKey: abstractKeys.detail(result.id) });
        navigate(paths.abstractSuccess, { state: { id: result.id, title: values.title_of_abstract, mailed: result.confirmation_mail_sent } satisfies SavedAbstractState });
      } catch (error) {
        const message = applyServerErrors(error, form.setError, topFields);
        if (message === null) return;
        setFailure(message || t('abstracts.form.submissionFailed'));
        showFirstError();
      }
    },
    () => {
      setFailure(abstractMessages.formInvalid);
      showFirstError();
    },
  );

  // The form (a few hundred components) renders in a deferred, interruptible pass once its data is
  // there: the page stays responsive on a slow phone (no long task), its title and lead already shown.
  const formReady = useDeferredValue(Boolean(options.data && filled && (id || fullOnArrival.current !== null)));
  // Then its sections, one task each: authors and presenter first (what a phone shows first), the
  // rest below them, so no single task renders and lays out the whole form; Submit comes last.
  const parts = useStagedRender(5, formReady);

  if (options.isError) return <QueryError error={options.error} title={t('abstracts.form.optionsFailed')} onRetry={() => void options.refetch()} />;
  if (detail.isError) {
    return (
      <Page title={t('abstracts.form.abstractTitle')}>
        <Stack gap="4">
          <FormAlert status="error" title={t('abstracts.form.contentFailed')}>
            {(detail.error as Error).message}
          </FormAlert>
          <Box>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.abstracts}>{t('abstracts.form.ok')}</RouterLink>
            </Button>
          </Box>
        </Stack>
      </Page>
    );
  }
  const unsavedPanel = unsaved && (
    <UnsavedChanges fields={unsavedFields(unsaved.changes, options.data, t)} newAbstract={!id} onForget={forgetUnsaved} bringIntoView={unsaved.atLock} />
  );
  // A new abstract once the deadline has passed, on arrival or while typing: nothing was saved, so
  // there is no form to show; only what was typed, apart. (An existing abstract stays, locked.)
  if (!id && (closedOnArrival.current || readOnly)) {
    return (
      <Page title={t('abstracts.form.closedTitle')}>
        <Stack gap="6">
          <SubmissionClosed />
          {unsavedPanel}
        </Stack>
      </Page>
    );
  }
  if (!id && fullOnArrival.current) {
    return (
      <Page title={t('abstracts.form.limitTitle')}>
        <AbstractLimitReached />
      </Page>
    );
  }
  if (!options.data || !filled || (!id && fullOnArrival.current === null) || !formReady) return <PageSkeleton {...abstractFormFrame} />;

  const countries = countryOptions(options.data.country_regions, lang);
  const title = readOnly ? t('abstracts.form.viewTitle') : id ? t('abstracts.form.editTitle') : t('abstracts.guidelines.submit');

  return (
    <Page
      title={title}
      width="wide"
      lead={formLead}
    >
      {unsavedPanel && <Box mb="6">{unsavedPanel}</Box>}
      <Card.Root>
        <Card.Body>
          <FormProvider {...form}>
            <FormStack ref={formRef} onSubmit={submit} noValidate aria-label={title}>
              {readOnly && (
                <Alert.Root status="warning" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{t('abstracts.form.prohibited')}</Alert.Title>
                    <Alert.Description>{t('abstracts.form.closedText', { deadline: deadlineText })}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              {full && (
                <FormAlert status="warning" title={localise(abstractMessages.limit)}>
                  {t('abstracts.form.limitText')}
                </FormAlert>
              )}
              {failure && (
                <FormAlert status="error" title={failure === abstractMessages.formInvalid ? localise(failure) : t('abstracts.form.submissionFailed')}>
                  {failure === abstractMessages.formInvalid ? t('abstracts.form.fieldsMarked') : failure}
                </FormAlert>
              )}
              {draft.restored && !readOnly && (
                <Alert.Root status="info" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Description>{t('abstracts.form.restored')}</Alert.Description>
                  </Alert.Content>
                  <Button size="xs" variant="outline" onClick={discardDraft}>
                    {t('abstracts.form.discard')}
                  </Button>
                </Alert.Root>
              )}

              <chakra.fieldset disabled={readOnly} minW="0" display="flex" flexDirection="column" gap="8">
                <FormSection title={t('abstracts.form.authors')} description={t('abstracts.form.authorsHelp')}>
                  <PeopleFields list="authors" countries={countries} readOnly={readOnly} />
                </FormSection>
                <Separator />
                <FormSection title={t('abstracts.form.presenter')}>
                  <YesNoField name="presenter_abstract" label={t('abstracts.form.firstAuthorPresents')} readOnly={readOnly} />
                  {presenterIsFirstAuthor === false && <PeopleFields list="presenter_infos" countries={countries} readOnly={readOnly} />}
                </FormSection>
                {parts >= 2 && (
                  <>
                    <Separator />
                    <FormSection title={t('abstracts.form.abstractTitle')}>
                      <TextField<AbstractFormValues>
                        name="title_of_abstract"
                        label={t('abstracts.list.colTitle')}
                        required
                        helper={t('abstracts.form.titleHelp')}
                        counter={<WordCount name="title_of_abstract" max={abstractLimits.titleMaxWords} />}
                      />
                      <CategoryField groups={options.data.abstract_categories} readOnly={readOnly} />
                      <TextField<AbstractFormValues>
                        name="keywords"
                        label={t('abstracts.list.colKeywords')}
                        required
                        helper={t('abstracts.form.keywordsHelp')}
                        counter={<WordCount name="keywords" max={abstractLimits.keywordsMaxWords} min={abstractLimits.keywordsMinWords} />}
                      />
                      <TextAreaField<AbstractFormValues>
                        name="abstract_body"
                        label={t('abstracts.form.abstractTitle')}
                        required
                        rows={12}
                        helper={t('abstracts.form.bodyHelp')}
                        counter={<WordCount name="abstract_body" max={abstractLimits.bodyMaxWords} />}
                      />
                    </FormSection>
                  </>
                )}
                {parts >= 3 && (
                  <>
                    <Separator />
                    <FormSection title={t('abstracts.form.disclosures')}>
                      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
                        <YesNoField name="financial_support" label={t('abstracts.form.financialSupport')} readOnly={readOnly} />
                        <YesNoField name="conference_iacr_fellowship" label={t('abstracts.form.fellowship')} readOnly={readOnly} />
                      </Grid>
                      <TextAreaField<AbstractFormValues>
                        name="conflict_of_interest_disclosure"
                        label={t('abstracts.form.conflict')}
                        required
                        rows={3}
                        helper={t('abstracts.form.conflictHelp')}
                        counter={<CharCount name="conflict_of_interest_disclosure" max={abstractLimits.conflictOfInterestMaxChars} />}
                      />
                    </FormSection>
                  </>
                )}
                {parts >= 4 && (
                  <>
                    <Separator />
                    <FormSection
                      title={t('abstracts.form.files')}
                      description={t('abstracts.form.filesHelp', { mb: megabytes(uploadPurposes.abstract.maxBytes), max: uploadPurposes.abstract.maxCount })}
                    >
                      <FilesField readOnly={readOnly} savedIds={detail.data?.upload_files.map((f) => f.id) ?? []} uploads={uploads} />
                    </FormSection>
                  </>
                )}
                {parts >= 5 && (
                  <>
                    <Separator />
                    <FormSection title={t('abstracts.form.submission')}>
                      <AgreementsField agreements={options.data.submission_agreements} readOnly={readOnly} />
                      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                        <TextField<AbstractFormValues> name="submitter_name" label={t('abstracts.form.submitterName')} autoComplete="name" />
                        <TextField<AbstractFormValues> name="submitter_date" label={t('abstracts.form.date')} type="date" required />
                      </Grid>
                    </FormSection>
                  </>
                )}
              </chakra.fieldset>

              {parts >= 5 && (
                <HStack gap="3" wrap="wrap">
                  <Button
                    variant="outline"
                    onClick={() => {
                      // Cancel means: keep the saved abstract, forget what was typed here.
                      if (!readOnly) draft.clear();
                      navigate(paths.abstracts);
                    }}
                  >
                    {readOnly ? t('abstracts.form.back') : t('abstracts.form.cancel')}
                  </Button>
                  {!readOnly && (
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={form.formState.isSubmitting}
                      disabled={open !== true || full || uploads.active > 0}
                      aria-describedby={uploads.active > 0 ? 'uploading-hint' : undefined}
                    >
                      {id ? t('abstracts.form.save') : t('abstracts.form.submit')}
                    </Button>
                  )}
                  {!readOnly && uploads.active > 0 && (
                    <Text id="uploading-hint" fontSize="sm" color="gray.700">
                      {t('abstracts.form.waitUploads')}
                    </Text>
                  )}
                </HStack>
              )}
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
