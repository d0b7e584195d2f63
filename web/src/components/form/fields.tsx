/**
 * Form fields wired to react-hook-form with Chakra's Field: label, required mark, helper text,
 * and the error message (the shared zod schema's, or the server's for that field).
 */
import { Box, Field, IconButton, Input, InputGroup, NativeSelect, RadioGroup, Stack, Textarea, type InputProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useLocalise, useT } from '../../i18n/i18n';

interface BaseProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  required?: boolean;
  helper?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
}

/** The field's error in the page's language (a shared schema's English message is looked up in the catalog). */
function useFieldError(name: string) {
  const { formState } = useFormContext();
  const localise = useLocalise();
  const message = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return message === undefined ? undefined : localise(message);
}

export function TextField<T extends FieldValues>(
  props: BaseProps<T> & {
    type?: string;
    autoComplete?: string;
    inputMode?: InputProps['inputMode'];
    placeholder?: string;
    onBlur?: () => void;
    /** Shown under the input, e.g. a live word count. */
    counter?: ReactNode;
    /** The language typed in, when it is not the page's (a name in Chinese characters on an English page). */
    lang?: string;
  },
) {
  const { register } = useFormContext<T>();
  const error = useFieldError(props.name);
  const registration = register(props.name);
  return (
    <Field.Root invalid={Boolean(error)} required={props.required} disabled={props.disabled} readOnly={props.readOnly}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        {...registration}
        onBlur={(e) => {
          void registration.onBlur(e);
          props.onBlur?.();
        }}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        lang={props.lang}
      />
      {props.counter}
      {props.helper && !error && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export function PasswordField<T extends FieldValues>(props: BaseProps<T> & { autoComplete: 'current-password' | 'new-password' }) {
  const { register } = useFormContext<T>();
  const error = useFieldError(props.name);
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field.Root invalid={Boolean(error)} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <InputGroup
        endElement={
          <IconButton
            variant="ghost"
            size="xs"
            me="-2"
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <Box as="span" fontSize="xs" px="1">
              {visible ? t('form.hide') : t('form.show')}
            </Box>
          </IconButton>
        }
      >
        <Input {...register(props.name)} type={visible ? 'text' : 'password'} autoComplete={props.autoComplete} />
      </InputGroup>
      {props.helper && !error && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export function TextAreaField<T extends FieldValues>(props: BaseProps<T> & { rows?: number; counter?: ReactNode }) {
  const { register } = useFormContext<T>();
  const error = useFieldError(props.name);
  return (
    <Field.Root invalid={Boolean(error)} required={props.required} readOnly={props.readOnly} disabled={props.disabled}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea {...register(props.name)} rows={props.rows ?? 4} autoresize />
      {props.counter}
      {props.helper && !error && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export function SelectField<T extends FieldValues>(
  /** `placeholder: null`: no empty first option (a count that starts at 0). */
  props: BaseProps<T> & { options: readonly { value: string; label: string }[]; placeholder?: string | null; autoComplete?: string },
) {
  const { register } = useFormContext<T>();
  const error = useFieldError(props.name);
  const t = useT();
  return (
    <Field.Root invalid={Boolean(error)} required={props.required} disabled={props.disabled || props.readOnly}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...register(props.name)}
          placeholder={props.placeholder === null ? undefined : (props.placeholder ?? t('form.select'))}
          autoComplete={props.autoComplete}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.helper && !error && <Field.HelperText>{props.helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * One choice of a few, as radio buttons (Chakra's RadioGroup on real radio inputs): the value is
 * the chosen option's string (e.g. '0' / '1' for the spec's booleans, '650' for a rate).
 */
export function ChoiceField<T extends FieldValues>(
  props: BaseProps<T> & { options: readonly { value: string; label: ReactNode; description?: ReactNode }[]; direction?: 'row' | 'column' },
) {
  const { control } = useFormContext<T>();
  const error = useFieldError(props.name);
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <Field.Root invalid={Boolean(error)} required={props.required} disabled={props.disabled || props.readOnly}>
          <RadioGroup.Root
            name={field.name}
            value={field.value === '' || field.value === undefined || field.value === null ? null : String(field.value)}
            onValueChange={(e) => field.onChange(e.value ?? '')}
            disabled={props.disabled || props.readOnly}
            colorPalette="brand"
          >
            <RadioGroup.Label fontWeight="medium" mb="2" display="block">
              {props.label}
              {props.required && <Field.RequiredIndicator ms="1" />}
            </RadioGroup.Label>
            <Stack direction={props.direction === 'column' ? 'column' : { base: 'column', sm: 'row' }} gap={props.direction === 'column' ? '3' : { base: '3', sm: '6' }}>
              {props.options.map((o, i) => (
                <RadioGroup.Item key={o.value} value={o.value} alignItems="flex-start">
                  <RadioGroup.ItemHiddenInput
                    onBlur={field.onBlur}
                    ref={i === 0 ? field.ref : undefined}
                    aria-invalid={error ? true : undefined}
                    aria-required={props.required || undefined}
                  />
                  <RadioGroup.ItemIndicator mt="0.5" />
                  <RadioGroup.ItemText>
                    {o.label}
                    {o.description && (
                      <Box as="span" display="block" fontSize="sm" color="gray.700" fontWeight="normal">
                        {o.description}
                      </Box>
                    )}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          {props.helper && !error && <Field.HelperText>{props.helper}</Field.HelperText>}
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      )}
    />
  );
}
