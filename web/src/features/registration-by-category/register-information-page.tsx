/**
 * /admin/register/information: the registration by category (the older flow, spec sections 2, 3
 * and 5). The shared schema (core/registration-by-category/schemas.ts) validates it here as the
 * server does; the price of each type is the server's, for the period in force. What the delegate
 * types (and the documents uploaded) is kept as a draft in this browser until the server accepts
 * it, so a failed submit or a reload loses nothing. After the submit the user info is read afresh
 * and the delegate goes to /admin/fee.
 */
import { Box, Button, Card, Grid, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { routes } from '#core/routes';
import { legacyFees2019, registrationDocuments } from '#core/config/conference';
import { countryRegions } from '#core/data/countries';
import { formatDay, formatDayRange } from '#core/i18n/format';
import type { Lang } from '#core/i18n/lang';
import { formatMoney } from '#core/money';
import { cst, cstParts } from '#core/time';
import { REGISTRATION_TYPE } from '#core/registration-by-category/fees';
import { GROUP_FIRST_MEMBERS, registrationSchema, relationships, type RegistrationForm } from '#core/registration-by-category/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { FormSection } from '../../components/form/form-section';
import { FormStack } from '../../components/form/form-stack';
import { ChoiceField, SelectField, TextField } from '../../components/form/fields';
import { scrollToFirstError } from '../../components/form/scroll-to-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { useDraft } from '../../components/form/use-draft';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import { useUploads } from '../../components/upload/use-uploads';
import { Page, PageSkeleton } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { callApi } from '../../lib/api-client';
import { session } from '../../lib/session';
import { accountApi, personInfoKey, usePersonInfo } from '../account/api';
import { registrationByCategoryApi, useTypeFees } from './api';
import { useCountryOptions } from '../../i18n/countries';
import { useLang, useLocalise, useT } from '../../i18n/i18n';

interface PersonValues {
  first_name: string;
  middle_initial: string;
  last_name: string;
  gala_dinner: string;
  working_lunch: string;
}
type AccompanyValues = PersonValues & { relationship: string; occupation: string; organization: string; country: string; mobile: string };

/** The form as its controls hold it (strings); `documents` are the uploaded files shown with their names. */
export interface RegistrationValues {
  first_name: string;
  middle_initial: string;
  last_name: string;
  nick_name: string;
  occupation: string;
  organization: string;
  country: string;
  mobile: string;
  regiatration_type: string;
  gala_dinner: string;
  working_lunch: string;
  accompanying_type: string;
  accompany: AccompanyValues[];
  oeso_member: string;
  documents: { id: string; name: string }[];
  group_name: string;
  company_represent: string;
  address_one: string;
  address_two: string;
  groups: PersonValues[];
}

const personalFields = ['first_name', 'middle_initial', 'last_name', 'nick_name', 'occupation', 'organization', 'country', 'mobile'] as const;
const serverFields = [...personalFields, 'regiatration_type', 'gala_dinner', 'working_lunch', 'accompanying_type', 'accompany', 'oeso_member', 'young_investigator_files', 'fellow_files', 'group_name', 'company_represent', 'address_one', 'address_two', 'groups'];
const { galaDinner, workingDinner } = legacyFees2019.extraTickets;

/** Yes and No in the page's language; the value stays the spec's. */
function useYesNoOptions(yes = 'Yes', no = 'No') {
  const t = useT();
  return [
    { value: yes, label: t('registration.wizard.yes') },
    { value: no, label: t('registration.wizard.no') },
  ];
}

type Period = (typeof legacyFees2019.periods)[number];
const cstDay = (instant: Date | string) => {
  const p = cstParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};
/**
 * The days of a price period: English keeps the config's own words (the spec's); Chinese writes
 * them from the period's dates (it starts where the one before ends; its end is 24:00 of its last day).
 */
function periodDates(lang: Lang, period: Period, t: ReturnType<typeof useT>): string {
  if (lang === 'en') return period.description;
  const index = legacyFees2019.periods.indexOf(period);
  const last = new Date(new Date(period.until).getTime() - 1);
  if (index === 0) return t('registration.info.upTo', { day: formatDay(lang, last) });
  return formatDayRange(lang, cstDay(legacyFees2019.periods[index - 1]!.until), cstDay(last));
}

const blankPerson = (): PersonValues => ({ first_name: '', middle_initial: '', last_name: '', gala_dinner: '', working_lunch: '' });
const blankCompanion = (): AccompanyValues => ({ ...blankPerson(), relationship: '', occupation: '', organization: '', country: '', mobile: '' });

function blankForm(profile?: Partial<Record<(typeof personalFields)[number], string>>): RegistrationValues {
  return {
    first_name: profile?.first_name ?? '',
    middle_initial: profile?.middle_initial ?? '',
    last_name: profile?.last_name ?? '',
    nick_name: profile?.nick_name ?? '',
    occupation: profile?.occupation ?? '',
    organization: profile?.organization ?? '',
    country: profile?.country ?? '',
    mobile: profile?.mobile ?? '',
    regiatration_type: '',
    gala_dinner: '',
    working_lunch: '',
    accompanying_type: '',
    accompany: [],
    oeso_member: '',
    documents: [],
    group_name: '',
    company_represent: '',
    address_one: '',
    address_two: '',
    groups: [],
  };
}

/** The body as the server takes it: the uploaded documents go to the list of the chosen type. */
function toWire(values: RegistrationValues) {
  const { documents, ...rest } = values;
  const ids = documents.map((d) => d.id);
  return {
    ...rest,
    young_investigator_files: values.regiatration_type === String(REGISTRATION_TYPE.youngInvestigator) ? ids : [],
    fellow_files: values.regiatration_type === String(REGISTRATION_TYPE.fellow) ? ids : [],
  };
}

const schemaResolver = zodResolver(registrationSchema);
const resolver: Resolver<RegistrationValues, unknown, RegistrationForm> = (values, context, options) =>
  schemaResolver(toWire(values) as never, context, options as never) as never;

export default function RegisterInformationPage() {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const title = t('registration.info.title');
  const yesNoOptions = useYesNoOptions();
  const countryOptions = useCountryOptions(countryRegions);
  const info = usePersonInfo({ fresh: true });
  const fees = useTypeFees();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<RegistrationValues, unknown, RegistrationForm>({ resolver, defaultValues: blankForm(), shouldFocusError: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [filled, setFilled] = useState(false);
  // The draft keeps the controls' values (the resolver's output type is the server's).
  const draft = useDraft(form as unknown as UseFormReturn<RegistrationValues>, info.data ? `register-by-category:${info.data.id}` : null);
  const documents = useFieldArray({ control: form.control, name: 'documents', keyName: 'key' });
  const uploads = useUploads('document', {
    onUploaded: (file) => {
      documents.append({ id: file.id, name: file.name });
      form.clearErrors(['young_investigator_files' as never, 'fellow_files' as never]);
      toaster.success({ title: t('registration.wizard.uploaded', { name: file.name }) });
    },
    onFailed: (name, message) => toaster.error({ title: t('registration.wizard.uploadFailed', { name }), description: message }),
  });

  // Fill the form once from the profile as it is now, then any draft over it.
  useEffect(() => {
    if (filled || !info.data || !(info.isFetchedAfterMount || info.isError)) return;
    const saved = blankForm(info.data);
    const restored = draft.restore(saved);
    form.reset({ ...saved, ...restored });
    setFilled(true);
  }, [info.data, info.isFetchedAfterMount, info.isError, filled]);

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const { message } = await registrationByCategoryApi.register(values);
        draft.clear();
        const fresh = await accountApi.personInfo();
        session.set({ info: fresh });
        queryClient.setQueryData(personInfoKey, fresh);
        toaster.success({ title: message });
        navigate(paths.fee);
      } catch (error) {
        const message = applyServerErrors(error, form.setError, serverFields);
        if (message !== null) setFailure(message);
        requestAnimationFrame(() => scrollToFirstError(formRef.current));
      }
    },
    () => {
      setFailure(localise('Please complete the form.'));
      requestAnimationFrame(() => scrollToFirstError(formRef.current));
    },
  );

  if (!info.data || !filled || !fees.data) return <PageSkeleton title={title} />;

  if (info.data.register_code) {
    return (
      <Page title={title} lead={t('registration.info.registered')}>
        <Card.Root>
          <Card.Body gap="3">
            <Text>
              {t('registration.info.numberBefore')}
              <strong>{info.data.register_code}</strong>
              {t('registration.info.numberAfter')}
            </Text>
            <ChakraLink asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={paths.fee}>{t('registration.detail.paymentDetail')}</RouterLink>
            </ChakraLink>
          </Card.Body>
        </Card.Root>
      </Page>
    );
  }

  const closed = fees.data.data.every((f) => f.price === null);
  const typeOptions = fees.data.data
    .filter((f) => f.type !== REGISTRATION_TYPE.accompanying && f.price !== null)
    .map((f) => ({ value: String(f.type), label: t('registration.info.typeOption', { type: localise(f.type_name), amount: formatMoney(f.price! * 100) }) }));
  const period = legacyFees2019.periods.find((p) => p.id === fees.data.data[0]?.period);
  const companionFee = fees.data.data.find((f) => f.type === REGISTRATION_TYPE.accompanying)?.price;

  return (
    <Page title={title} lead={t('registration.info.lead')}>
      <Card.Root>
        <Card.Body>
          <FormProvider {...form}>
            <FormStack ref={formRef} onSubmit={submit} noValidate aria-label={title}>
              {closed && <FormAlert status="warning" title={t('registration.info.closed')}>{fees.data.message}</FormAlert>}
              {failure && (
                <FormAlert status="error" title={t('account.systemTips')}>
                  {failure}
                </FormAlert>
              )}
              {draft.restored && <FormAlert status="info">{t('registration.wizard.restored')}</FormAlert>}

              <FormSection title={t('account.center.personalInfo')}>
                <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 2fr' }} gap="4">
                  <TextField<RegistrationValues> name="first_name" label={t('account.profile.firstName')} autoComplete="given-name" required />
                  <TextField<RegistrationValues> name="middle_initial" label={t('registration.info.middleName')} autoComplete="additional-name" />
                  <TextField<RegistrationValues> name="last_name" label={t('account.profile.lastName')} autoComplete="family-name" required />
                </Grid>
                <TextField<RegistrationValues> name="nick_name" label={t('account.profile.nickname')} autoComplete="nickname" />
                <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
                  <TextField<RegistrationValues> name="occupation" label={t('account.profile.occupation')} autoComplete="organization-title" required />
                  <TextField<RegistrationValues> name="organization" label={t('account.profile.organisation')} autoComplete="organization" required />
                  <SelectField<RegistrationValues> name="country" label={t('account.profile.country')} options={countryOptions} required />
                  <TextField<RegistrationValues> name="mobile" label={t('account.profile.mobile')} type="tel" autoComplete="tel" inputMode="tel" required />
                </Grid>
              </FormSection>

              <FormSection
                title={t('registration.detail.registrationType')}
                description={period ? t('registration.info.prices', { period: period.id, label: period.label, dates: periodDates(lang, period, t) }) : undefined}
              >
                <ChoiceField<RegistrationValues> name="regiatration_type" label={t('registration.detail.registrationType')} options={typeOptions} direction="column" required />
                <TypeDetails uploads={uploads} onRemoveDocument={(i) => {
                  const file = form.getValues(`documents.${i}`);
                  documents.remove(i);
                  void callApi(routes.deleteUpload, { params: { id: file.id }, concurrent: true }).catch(() => undefined);
                }} />
              </FormSection>

              <FormSection title={t('registration.fee.dinners')} description={t('registration.info.dinnersText', { gala: formatMoney(galaDinner), working: formatMoney(workingDinner) })}>
                <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
                  <ChoiceField<RegistrationValues> name="gala_dinner" label={t('registration.info.galaDinner')} options={yesNoOptions} required />
                  <ChoiceField<RegistrationValues> name="working_lunch" label={t('registration.info.workingDinner')} options={yesNoOptions} required />
                </Grid>
              </FormSection>

              <AccompanyingPersons companionFee={companionFee ?? null} />

              <SubmitButton loading={form.formState.isSubmitting} disabled={closed || uploads.active > 0} alignSelf="flex-start">
                {t('registration.wizard.submit')}
              </SubmitButton>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}

type Uploads = ReturnType<typeof useUploads>;

/** The extra section of the chosen type (spec section 4): member number, documents, or the group. */
function TypeDetails({ uploads, onRemoveDocument }: { uploads: Uploads; onRemoveDocument: (index: number) => void }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const { control, formState } = useFormContext<RegistrationValues>();
  const [type, documents] = useWatch({ control, name: ['regiatration_type', 'documents'] });
  const chosen = Number(type);
  if (chosen === REGISTRATION_TYPE.member) {
    return <TextField<RegistrationValues> name="oeso_member" label={t('registration.reload.member')} required helper={t('registration.info.memberHelp')} />;
  }
  if (chosen === REGISTRATION_TYPE.youngInvestigator || chosen === REGISTRATION_TYPE.fellow) {
    const young = chosen === REGISTRATION_TYPE.youngInvestigator;
    const errors = formState.errors as Record<string, { message?: string } | undefined>;
    const error = (young ? errors.young_investigator_files : errors.fellow_files)?.message;
    const rule = young
      ? t('registration.info.youngRule', { year: String(registrationDocuments.youngInvestigatorBornFrom) })
      : t('registration.info.fellowRule', { day: formatDay(lang, cst(registrationDocuments.fellowTrainingCompletedBefore)) });
    return (
      <Stack gap="3" data-invalid={error ? '' : undefined}>
        <Text fontWeight="medium">
          {young ? t('registration.reload.youngDocuments') : t('registration.reload.fellowDocuments')}{' '}
          <Box as="span" color="red.600" aria-hidden="true">
            *
          </Box>
        </Text>
        <Text fontSize="sm" color="gray.700">
          {rule}
        </Text>
        <FileDropZone purpose="document" remaining={5 - documents.length - uploads.active} onFiles={uploads.start} label={t('registration.reload.chooseDocuments')} />
        <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
        <StoredFiles
          files={documents}
          label={t('registration.info.uploadedDocuments')}
          empty={t('registration.reload.noDocument')}
          onRemove={(file) => onRemoveDocument(documents.findIndex((d) => d.id === file.id))}
        />
        {error && (
          <Text color="red.600" fontSize="sm" role="alert">
            {localise(error)}
          </Text>
        )}
      </Stack>
    );
  }
  if (chosen === REGISTRATION_TYPE.group) return <GroupDetails />;
  return null;
}

function GroupDetails() {
  const t = useT();
  const localise = useLocalise();
  const { control, formState, getValues } = useFormContext<RegistrationValues>();
  const members = useFieldArray({ control, name: 'groups' });
  // A group starts with 9 members plus the registrant (10, the group minimum).
  useEffect(() => {
    const missing = GROUP_FIRST_MEMBERS - getValues('groups').length;
    if (missing > 0) members.append(Array.from({ length: missing }, blankPerson), { shouldFocus: false });
  }, []);
  const error = (formState.errors.groups as { message?: string } | undefined)?.message;
  return (
    <Stack gap="4">
      <Heading as="h3" size="sm">
        {t('registration.info.group')}
      </Heading>
      <Text fontSize="sm" color="gray.700">
        {t('registration.info.groupText', { count: GROUP_FIRST_MEMBERS })}
      </Text>
      <TextField<RegistrationValues> name="group_name" label={t('registration.info.groupName')} required />
      <TextField<RegistrationValues> name="company_represent" label={t('registration.info.companyRepresented')} autoComplete="organization" required />
      <TextField<RegistrationValues> name="address_one" label={t('registration.info.addressOne')} autoComplete="address-line1" required />
      <TextField<RegistrationValues> name="address_two" label={t('registration.info.addressTwo')} autoComplete="address-line2" />
      <Stack as="ol" gap="4" listStyleType="none" aria-label={t('registration.info.groupMembers')}>
        {members.fields.map((field, i) => (
          <Box as="li" key={field.id} borderWidth="1px" rounded="md" p="3">
            <HStack justify="space-between" mb="2">
              <Text fontWeight="semibold">{t('registration.info.member', { n: i + 1 })}</Text>
              {i >= GROUP_FIRST_MEMBERS && (
                <Button size="xs" variant="outline" onClick={() => members.remove(i)} aria-label={t('registration.info.removeMember', { n: i + 1 })}>
                  {t('presentations.files.remove')}
                </Button>
              )}
            </HStack>
            <PersonFields prefix={`groups.${i}`} label={t('registration.info.memberOf', { n: i + 1 })} />
          </Box>
        ))}
      </Stack>
      {error && (
        <Text color="red.600" fontSize="sm" role="alert">
          {localise(error)}
        </Text>
      )}
      <Button variant="outline" alignSelf="flex-start" onClick={() => members.append(blankPerson())}>
        {t('registration.info.addMember')}
      </Button>
    </Stack>
  );
}

/** Names and dinner choices of a group member or an accompanying person. */
function PersonFields({ prefix, label }: { prefix: `groups.${number}` | `accompany.${number}`; label: string }) {
  const t = useT();
  const yesNoOptions = useYesNoOptions();
  return (
    <Stack gap="3">
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 2fr' }} gap="3">
        <TextField<RegistrationValues> name={`${prefix}.first_name`} label={t('registration.info.firstNameOf', { person: label })} required />
        <TextField<RegistrationValues> name={`${prefix}.middle_initial`} label={t('registration.info.middleNameOf', { person: label })} />
        <TextField<RegistrationValues> name={`${prefix}.last_name`} label={t('registration.info.lastNameOf', { person: label })} required />
      </Grid>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="3">
        <ChoiceField<RegistrationValues> name={`${prefix}.gala_dinner`} label={t('registration.info.galaOf', { person: label })} options={yesNoOptions} required />
        <ChoiceField<RegistrationValues> name={`${prefix}.working_lunch`} label={t('registration.info.workingOf', { person: label })} options={yesNoOptions} required />
      </Grid>
    </Stack>
  );
}

function AccompanyingPersons({ companionFee }: { companionFee: number | null }) {
  const t = useT();
  const localise = useLocalise();
  const countryOptions = useCountryOptions(countryRegions);
  const answerOptions = useYesNoOptions('yes', 'no');
  const relationshipOptions = relationships.map((r) => ({ value: r, label: t('registration.info.relationshipOption', { relationship: r }) }));
  const { control, formState, getValues } = useFormContext<RegistrationValues>();
  const companions = useFieldArray({ control, name: 'accompany' });
  const answer = useWatch({ control, name: 'accompanying_type' });
  useEffect(() => {
    if (answer === 'yes' && getValues('accompany').length === 0) companions.append(blankCompanion(), { shouldFocus: false });
  }, [answer]);
  const error = (formState.errors.accompany as { message?: string } | undefined)?.message;
  return (
    <FormSection
      title={t('registration.field.accompanying_person')}
      description={companionFee !== null ? t('registration.info.companionFee', { amount: formatMoney(companionFee * 100) }) : undefined}
    >
      <ChoiceField<RegistrationValues> name="accompanying_type" label={t('registration.info.accompanyQuestion')} options={answerOptions} required />
      {answer === 'yes' && (
        <Stack gap="4">
          <Stack as="ol" gap="4" listStyleType="none" aria-label={t('registration.field.accompanying_person')}>
            {companions.fields.map((field, i) => (
              <Box as="li" key={field.id} borderWidth="1px" rounded="md" p="3">
                <HStack justify="space-between" mb="2">
                  <Text fontWeight="semibold">{t('registration.info.companion', { n: i + 1 })}</Text>
                  <Button size="xs" variant="outline" onClick={() => companions.remove(i)} aria-label={t('registration.info.removeCompanion', { n: i + 1 })}>
                    {t('presentations.files.remove')}
                  </Button>
                </HStack>
                <Stack gap="3">
                  <PersonFields prefix={`accompany.${i}`} label={t('registration.info.companionOf', { n: i + 1 })} />
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
                    <SelectField<RegistrationValues> name={`accompany.${i}.relationship`} label={t('registration.info.relationship')} options={relationshipOptions} required />
                    <TextField<RegistrationValues> name={`accompany.${i}.occupation`} label={t('account.profile.occupation')} required />
                    <TextField<RegistrationValues> name={`accompany.${i}.organization`} label={t('account.profile.organisation')} required />
                    <SelectField<RegistrationValues> name={`accompany.${i}.country`} label={t('account.profile.country')} options={countryOptions} required />
                    <TextField<RegistrationValues> name={`accompany.${i}.mobile`} label={t('account.profile.mobile')} type="tel" inputMode="tel" required />
                  </Grid>
                </Stack>
              </Box>
            ))}
          </Stack>
          {error && (
            <Text color="red.600" fontSize="sm" role="alert">
              {localise(error)}
            </Text>
          )}
          {companions.fields.length < legacyFees2019.maxAccompanyingPersons && (
            <Button variant="outline" alignSelf="flex-start" onClick={() => companions.append(blankCompanion())}>
              {t('registration.info.addCompanion')}
            </Button>
          )}
        </Stack>
      )}
    </FormSection>
  );
}
