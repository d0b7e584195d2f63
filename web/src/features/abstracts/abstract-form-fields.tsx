/**
 * Pieces of the abstract form: an author or presenter, the people lists, yes/no questions,
 * grouped categories, live word counters and the agreements. They read the form through
 * react-hook-form's context, so the page composes them without passing state around.
 */
import { Box, Button, Checkbox, Field, Fieldset, Grid, HStack, Heading, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { Controller, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { AbstractInput, PersonInput } from '#core/abstracts/schemas';
import { countWords } from '#core/abstracts/words';
import type { CategoryGroup, CategoryOption } from '#core/data/abstract-options';
import { SelectField, TextField } from '../../components/form/fields';
import { useLocalise, useT } from '../../i18n/i18n';
import { agreementLabel, categoryOptionLabel } from './option-labels';

export type AbstractFormValues = Omit<AbstractInput, 'presenter_abstract' | 'financial_support' | 'conference_iacr_fellowship' | 'upload_files'> & {
  presenter_abstract?: boolean;
  financial_support?: boolean;
  conference_iacr_fellowship?: boolean;
  upload_files: { id: string; name: string; size: number }[];
};

export const emptyPerson = (): PersonInput => ({ last_name: '', first_name: '', email: '', institute: '', city: '', country: '' });

/** A field's error (the shared schema's English) in the page's language. */
function useError(name: string) {
  const { formState } = useFormContext();
  const localise = useLocalise();
  const message = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return message && localise(message);
}

function PersonFields(props: { list: 'authors' | 'presenter_infos'; index: number; countries: { value: string; label: string }[] }) {
  const base = `${props.list}.${props.index}` as const;
  const t = useT();
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
      <TextField<AbstractFormValues> name={`${base}.first_name`} label={t('abstracts.person.firstName')} required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.last_name`} label={t('abstracts.person.lastName')} required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.email`} label={t('abstracts.person.email')} type="email" required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.institute`} label={t('abstracts.person.institute')} required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.city`} label={t('abstracts.person.city')} required autoComplete="off" />
      <SelectField<AbstractFormValues> name={`${base}.country`} label={t('abstracts.person.country')} options={props.countries} required />
    </Grid>
  );
}

/** Authors (at least one; Remove shows only with more than one) or presenters. */
export function PeopleFields(props: { list: 'authors' | 'presenter_infos'; countries: { value: string; label: string }[]; readOnly: boolean }) {
  const { control } = useFormContext<AbstractFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: props.list });
  const listError = useError(props.list);
  const addRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const kind = props.list === 'authors' ? 'author' : 'presenter';
  return (
    <Stack gap="4">
      {fields.map((field, index) => (
        <Fieldset.Root key={field.id} borderWidth="1px" rounded="md" p={{ base: '3', md: '4' }}>
          <HStack justify="space-between" mb="2">
            <Fieldset.Legend fontWeight="semibold">
              {props.list === 'authors' && index === 0 ? t('abstracts.person.firstAuthorLegend', { n: index + 1 }) : t('abstracts.person.legend', { kind, n: index + 1 })}
            </Fieldset.Legend>
            {fields.length > 1 && !props.readOnly && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => {
                  remove(index);
                  addRef.current?.focus(); // the button is gone: keep keyboard users in the list
                }}
              >
                {t('abstracts.person.remove', { kind, n: index + 1 })}
              </Button>
            )}
          </HStack>
          <PersonFields list={props.list} index={index} countries={props.countries} />
        </Fieldset.Root>
      ))}
      {listError && (
        <Text color="red.700" fontSize="sm" role="alert">
          {listError}
        </Text>
      )}
      {!props.readOnly && (
        <Box>
          <Button ref={addRef} variant="outline" size="sm" onClick={() => append(emptyPerson())}>
            {t('abstracts.person.add', { kind })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** A required Yes/No question kept as a boolean. */
export function YesNoField(props: { name: 'presenter_abstract' | 'financial_support' | 'conference_iacr_fellowship'; label: string; readOnly: boolean }) {
  const { control } = useFormContext<AbstractFormValues>();
  const error = useError(props.name);
  const t = useT();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <Field.Root invalid={Boolean(error)} required>
          <RadioGroup.Root
            name={field.name}
            value={field.value === true ? 'yes' : field.value === false ? 'no' : null}
            onValueChange={(e) => field.onChange(e.value === 'yes')}
            disabled={props.readOnly}
            colorPalette="brand"
          >
            <RadioGroup.Label fontWeight="medium" mb="2" display="block">
              {props.label}
              <Field.RequiredIndicator ms="1" />
            </RadioGroup.Label>
            <HStack gap="6">
              {(['yes', 'no'] as const).map((v) => (
                <RadioGroup.Item key={v} value={v}>
                  <RadioGroup.ItemHiddenInput onBlur={field.onBlur} ref={v === 'yes' ? field.ref : undefined} />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{v === 'yes' ? t('abstracts.form.yes') : t('abstracts.form.no')}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      )}
    />
  );
}

/** The category, chosen from groups (optgroups: native, so phones show their own picker). */
export function CategoryField(props: { groups: readonly CategoryGroup[]; readOnly: boolean }) {
  const { register } = useFormContext<AbstractFormValues>();
  const error = useError('abstract_category');
  const t = useT();
  return (
    <Field.Root invalid={Boolean(error)} required disabled={props.readOnly}>
      <Field.Label>
        {t('abstracts.list.colCategory')}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register('abstract_category')} placeholder={t('abstracts.form.selectCategory')}>
          {props.groups.map((group) => (
            <optgroup key={group.value} label={categoryOptionLabel(t, group.value, group.label)}>
              {group.children.map((c) => (
                <option key={c.value} value={c.value}>
                  {categoryOptionLabel(t, c.value, c.label)}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** "12 / 300 words" under a field, counted by the same function as the server. */
export function WordCount(props: { name: 'title_of_abstract' | 'keywords' | 'abstract_body'; max: number; min?: number }) {
  const value = useWatch<AbstractFormValues>({ name: props.name }) as string | undefined;
  const n = countWords(value);
  const over = n > props.max;
  const t = useT();
  return (
    <Text fontSize="xs" color={over ? 'red.700' : 'gray.700'} mt="1" data-testid={`count-${props.name}`}>
      {props.min ? t('abstracts.form.wordCountMin', { n, max: props.max, min: props.min }) : t('abstracts.form.wordCount', { n, max: props.max })}
    </Text>
  );
}

export function CharCount(props: { name: 'conflict_of_interest_disclosure'; max: number }) {
  const value = (useWatch<AbstractFormValues>({ name: props.name }) as string | undefined) ?? '';
  const t = useT();
  return (
    <Text fontSize="xs" color={value.length > props.max ? 'red.700' : 'gray.700'} mt="1">
      {t('abstracts.form.charCount', { n: value.length, max: props.max })}
    </Text>
  );
}

/** Every agreement must be accepted (docs/decisions/0006-abstracts.md). */
export function AgreementsField(props: { agreements: readonly CategoryOption[]; readOnly: boolean }) {
  const { control } = useFormContext<AbstractFormValues>();
  const error = useError('agreements');
  const t = useT();
  return (
    <Controller
      control={control}
      name="agreements"
      render={({ field }) => {
        const selected = (field.value ?? []) as string[];
        return (
          <Fieldset.Root invalid={Boolean(error)} disabled={props.readOnly}>
            <Fieldset.Legend fontWeight="medium">
              <Heading as="h3" size="sm">
                {t('abstracts.form.agreements')} <Text as="span" color="red.600" aria-hidden="true">*</Text>
              </Heading>
            </Fieldset.Legend>
            <Fieldset.HelperText>{t('abstracts.form.confirmEach')}</Fieldset.HelperText>
            <Stack gap="3" mt="2">
              {props.agreements.map((a, i) => (
                <Checkbox.Root
                  key={a.value}
                  checked={selected.includes(a.value)}
                  onCheckedChange={(e) =>
                    field.onChange(e.checked ? [...selected.filter((v) => v !== a.value), a.value] : selected.filter((v) => v !== a.value))
                  }
                  colorPalette="brand"
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput onBlur={field.onBlur} ref={i === 0 ? field.ref : undefined} />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label fontWeight="normal">{agreementLabel(t, a.value, a.label)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}
