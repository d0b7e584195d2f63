/**
 * /admin/information/update: profile edit. Occupation, organisation, country and mobile are
 * required; nickname optional; the e-mail is shown but cannot change. What the delegate types is
 * kept as a draft in this browser until saved, so a reload or a failed save loses nothing.
 */
import { Button, Card, Field, Grid, GridItem, HStack, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { profileSchema, type ProfileInput } from '#core/accounts/schemas';
import { countryRegions } from '#core/data/countries';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { SubmitButton } from '../../components/form/submit-button';
import { SelectField, TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { useDraft } from '../../components/form/use-draft';
import { Page, PageSkeleton } from '../../components/page';
import { toaster } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { accountApi, personInfoKey, usePersonInfo } from './api';
import { useLocalise, useT } from '../../i18n/i18n';
import { useCountryOptions } from '../../i18n/countries';

const fields = ['first_name', 'middle_initial', 'last_name', 'family_name_in_chinese', 'given_name_in_chinese', 'nick_name', 'occupation', 'organization', 'country', 'mobile'] as const;

export default function ProfileEditPage() {
  const countryChoices = useCountryOptions(countryRegions);
  const info = usePersonInfo();
  const navigate = useNavigate();
  const t = useT();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileSchema) });
  const [failure, setFailure] = useState<string | null>(null);
  const draft = useDraft(form, info.data ? `profile:${info.data.id}` : null);

  useEffect(() => {
    if (!info.data || form.formState.isDirty) return;
    const saved = Object.fromEntries(fields.map((f) => [f, info.data[f] ?? ''])) as ProfileInput;
    const restored = draft.restore(saved);
    form.reset(saved);
    for (const [name, value] of Object.entries(restored)) {
      if (fields.includes(name as never)) form.setValue(name as keyof ProfileInput, value as string, { shouldDirty: true });
    }
  }, [info.data]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await accountApi.updateProfile(values);
      draft.clear();
      session.set({ info: updated });
      queryClient.setQueryData(personInfoKey, updated);
      toaster.success({ title: t('api.profileUpdated') });
      navigate(paths.center);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, fields);
      if (message !== null) setFailure(t('account.profile.failed', { message: localise(message) }));
    }
  });

  if (!info.data) return <PageSkeleton />;
  return (
    <Page title={t('account.profile.title')} lead={t('account.profile.lead')}>
      <Card.Root>
        <Card.Body>
          <FormProvider {...form}>
            <FormStack onSubmit={submit} noValidate aria-label={t('account.profile.title')}>
              {failure && <FormAlert status="error" title={t('account.systemTips')}>{failure}</FormAlert>}
              {draft.restored && <FormAlert status="info">{t('account.profile.restored')}</FormAlert>}
              <Field.Root readOnly>
                <Field.Label>{t('account.email')}</Field.Label>
                <Input value={info.data.email} readOnly />
                <Field.HelperText>{t('account.profile.emailHelper')}</Field.HelperText>
              </Field.Root>
              <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 2fr' }} gap="4">
                <TextField<ProfileInput> name="first_name" label={t('account.profile.firstName')} autoComplete="given-name" />
                <TextField<ProfileInput> name="middle_initial" label={t('account.profile.middleInitial')} autoComplete="additional-name" />
                <TextField<ProfileInput> name="last_name" label={t('account.profile.lastName')} autoComplete="family-name" />
              </Grid>
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
                <GridItem colSpan={{ base: 1, md: 2 }}>
                  <Text color="gray.700" fontSize="sm">
                    {t('registration.wizard.chineseNameHelp')}
                  </Text>
                </GridItem>
                <TextField<ProfileInput> name="family_name_in_chinese" label={t('registration.field.family_name_in_chinese')} autoComplete="off" lang="zh-Hans" />
                <TextField<ProfileInput> name="given_name_in_chinese" label={t('registration.field.given_name_in_chinese')} autoComplete="off" lang="zh-Hans" />
              </Grid>
              <TextField<ProfileInput> name="nick_name" label={t('account.profile.nickname')} autoComplete="nickname" />
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
                <TextField<ProfileInput> name="occupation" label={t('account.profile.occupation')} autoComplete="organization-title" required />
                <TextField<ProfileInput> name="organization" label={t('account.profile.organisation')} autoComplete="organization" required />
                <SelectField<ProfileInput> name="country" label={t('account.profile.country')} options={countryChoices} required />
                <TextField<ProfileInput> name="mobile" label={t('account.profile.mobile')} type="tel" autoComplete="tel" inputMode="tel" required />
              </Grid>
              <HStack gap="3">
                <Button variant="outline" onClick={() => navigate(paths.center)}>
                  {t('account.cancel')}
                </Button>
                <SubmitButton loading={form.formState.isSubmitting}>
                  {t('account.profile.save')}
                </SubmitButton>
              </HStack>
            </FormStack>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
