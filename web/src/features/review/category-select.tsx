/** A choice of review category (the abstract form's groups), optionally with "every category" first. */
import { Field, NativeSelect } from '@chakra-ui/react';
import { reviewCategories } from '#core/review/team';
import { useT } from '../../i18n/i18n';
import { categoryLabel } from './labels';

export function CategorySelect(props: { label: string; value: string; onChange: (value: string) => void; every?: string; maxW?: string }) {
  const t = useT();
  return (
    <Field.Root maxW={props.maxW ?? '32rem'}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          {props.every !== undefined && <option value="">{props.every}</option>}
          {reviewCategories.map((c) => (
            <option key={c.value} value={c.value}>
              {categoryLabel(t, c.value)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
