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

export type AbstractFormValues = Omit<AbstractInput, 'presenter_abstract' | 'financial_support' | 'conference_iacr_fellowship' | 'upload_files'> & {
  presenter_abstract?: boolean;
  financial_support?: boolean;
  conference_iacr_fellowship?: boolean;
  upload_files: { id: string; name: string; size: number }[];
};

export const emptyPerson = (): PersonInput => ({ last_name: '', first_name: '', email: '', institute: '', city: '', country: '' });

function useError(name: string) {
  const { formState } = useFormContext();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

function PersonFields(props: { list: 'authors' | 'presenter_infos'; index: number; countries: { value: string; label: string }[] }) {
  const base = `${props.list}.${props.index}` as const;
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
      <TextField<AbstractFormValues> name={`${base}.first_name`} label="First name" required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.last_name`} label="Last name" required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.email`} label="E-mail" type="email" required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.institute`} label="Institute" required autoComplete="off" />
      <TextField<AbstractFormValues> name={`${base}.city`} label="City" required autoComplete="off" />
      <SelectField<AbstractFormValues> name={`${base}.country`} label="Country or region" options={props.countries} required />
    </Grid>
  );
}

/** Authors (at least one; Remove shows only with more than one) or presenters. */
export function PeopleFields(props: { list: 'authors' | 'presenter_infos'; noun: string; countries: { value: string; label: string }[]; readOnly: boolean }) {
  const { control } = useFormContext<AbstractFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: props.list });
  const listError = useError(props.list);
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <Stack gap="4">
      {fields.map((field, index) => (
        <Fieldset.Root key={field.id} borderWidth="1px" rounded="md" p={{ base: '3', md: '4' }}>
          <HStack justify="space-between" mb="2">
            <Fieldset.Legend fontWeight="semibold">
              {props.noun} {index + 1}
              {props.list === 'authors' && index === 0 ? ' (first author)' : ''}
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
                Remove {props.noun.toLowerCase()} {index + 1}
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
            Add {props.noun.toLowerCase()}
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
                  <RadioGroup.ItemText>{v === 'yes' ? 'Yes' : 'No'}</RadioGroup.ItemText>
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
  return (
    <Field.Root invalid={Boolean(error)} required disabled={props.readOnly}>
      <Field.Label>
        Category
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register('abstract_category')} placeholder="Select a category...">
          {props.groups.map((group) => (
            <optgroup key={group.value} label={group.label}>
              {group.children.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
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
  return (
    <Text fontSize="xs" color={over ? 'red.700' : 'gray.700'} mt="1" data-testid={`count-${props.name}`}>
      {n} / {props.max} words{props.min ? ` (at least ${props.min})` : ''}
    </Text>
  );
}

export function CharCount(props: { name: 'conflict_of_interest_disclosure'; max: number }) {
  const value = (useWatch<AbstractFormValues>({ name: props.name }) as string | undefined) ?? '';
  return (
    <Text fontSize="xs" color={value.length > props.max ? 'red.700' : 'gray.700'} mt="1">
      {value.length} / {props.max} characters
    </Text>
  );
}

/** Every agreement must be accepted (docs/decisions/0006-abstracts.md). */
export function AgreementsField(props: { agreements: readonly CategoryOption[]; readOnly: boolean }) {
  const { control } = useFormContext<AbstractFormValues>();
  const error = useError('agreements');
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
                Submission agreements <Text as="span" color="red.600" aria-hidden="true">*</Text>
              </Heading>
            </Fieldset.Legend>
            <Fieldset.HelperText>Please confirm each statement.</Fieldset.HelperText>
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
                  <Checkbox.Label fontWeight="normal">{a.label}</Checkbox.Label>
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
