/**
 * Form fields wired to react-hook-form with Chakra's Field: label, required mark, helper text,
 * and the error message (the shared zod schema's, or the server's for that field).
 */
import { Box, Field, IconButton, Input, InputGroup, NativeSelect, Textarea, type InputProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { get, useFormContext, type FieldValues, type Path } from 'react-hook-form';

interface BaseProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  required?: boolean;
  helper?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
}

function useFieldError(name: string) {
  const { formState } = useFormContext();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
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
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <Box as="span" fontSize="xs" px="1">
              {visible ? 'Hide' : 'Show'}
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
  props: BaseProps<T> & { options: readonly { value: string; label: string }[]; placeholder?: string },
) {
  const { register } = useFormContext<T>();
  const error = useFieldError(props.name);
  return (
    <Field.Root invalid={Boolean(error)} required={props.required} disabled={props.disabled || props.readOnly}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register(props.name)} placeholder={props.placeholder ?? 'Select...'}>
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
