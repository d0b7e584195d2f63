/**
 * Text a delegate typed into the abstract form that the server never saved, once the deadline
 * has passed: shown apart from the abstract, under a plain "not saved" label, read-only but
 * selectable, with a Copy button per field and for all. It is never put into the form, which
 * shows the abstract as stored: a read-only page must not present text that is not the abstract.
 */
import { Alert, Box, Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toaster } from '../../components/ui/toaster';
import type { AbstractFormValues } from './abstract-form-fields';
import type { AbstractOptions } from './api';

export interface UnsavedField {
  name: keyof AbstractFormValues;
  label: string;
  text: string;
}

/** The form's fields in its order, with the labels the form shows. */
const labels: Record<keyof AbstractFormValues, string> = {
  authors: 'Authors',
  presenter_abstract: 'Will the first author present the abstract?',
  presenter_infos: 'Presenters',
  title_of_abstract: 'Title',
  abstract_category: 'Category',
  keywords: 'Keywords',
  abstract_body: 'Abstract',
  financial_support: 'Did the work receive financial support?',
  conference_iacr_fellowship: 'Do you apply for an IACR conference fellowship?',
  conflict_of_interest_disclosure: 'Conflict of interest disclosure',
  agreements: 'Submission agreements',
  submitter_name: 'Submitter name',
  submitter_date: 'Date',
  upload_files: 'Files',
};

const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : '(no answer)');

function people(list: unknown): string {
  const rows = (Array.isArray(list) ? list : []) as Partial<Record<'first_name' | 'last_name' | 'email' | 'institute' | 'city' | 'country', string>>[];
  if (!rows.length) return '(none)';
  return rows
    .map((p, i) => `${i + 1}. ${[[p.first_name, p.last_name].filter(Boolean).join(' '), p.email, p.institute, p.city, p.country].filter(Boolean).join(', ')}`)
    .join('\n');
}

/** Each changed field as the words a person reads (names, not codes), in the form's order. */
export function unsavedFields(changes: Partial<AbstractFormValues>, options: AbstractOptions | undefined): UnsavedField[] {
  const categoryLabel = (value: string) => {
    for (const group of options?.abstract_categories ?? []) {
      const topic = group.children.find((c) => c.value === value);
      if (topic) return `${group.label}: ${topic.label}`;
    }
    return value;
  };
  const text = (name: keyof AbstractFormValues, value: unknown): string => {
    switch (name) {
      case 'authors':
      case 'presenter_infos':
        return people(value);
      case 'presenter_abstract':
      case 'financial_support':
      case 'conference_iacr_fellowship':
        return yesNo(value);
      case 'abstract_category':
        return value ? categoryLabel(String(value)) : '(none)';
      case 'agreements': {
        const ticked = (value as string[] | undefined) ?? [];
        const byValue = new Map((options?.submission_agreements ?? []).map((a) => [a.value, a.label]));
        return ticked.length ? ticked.map((v) => byValue.get(v) ?? v).join('\n') : '(none ticked)';
      }
      case 'upload_files': {
        const files = (value as { name: string }[] | undefined) ?? [];
        return files.length ? files.map((f) => f.name).join('\n') : '(no file)';
      }
      default:
        return typeof value === 'string' && value !== '' ? value : '(empty)';
    }
  };
  return (Object.keys(labels) as (keyof AbstractFormValues)[])
    .filter((name) => name in changes)
    .map((name) => ({ name, label: labels[name], text: text(name, changes[name]) }));
}

export const allText = (fields: UnsavedField[]) => fields.map((f) => `${f.label}:\n${f.text}`).join('\n\n');

/**
 * `bringIntoView`: the deadline has just locked the form under the delegate's hands (the field
 * they were in is now disabled and shows the stored value): take them to this explanation.
 */
export function UnsavedChanges(props: { fields: UnsavedField[]; newAbstract: boolean; onForget: () => void; bringIntoView?: boolean }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!props.bringIntoView) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  const [copied, setCopied] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState(false);
  const copy = async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(key);
    } catch {
      toaster.error({ title: 'Copying failed.', description: 'Select the text and copy it with your keyboard or menu instead.' });
    }
  };
  return (
    <Stack
      as="section"
      ref={ref}
      tabIndex={-1}
      outline="none"
      aria-labelledby={titleId}
      gap="4"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor="orange.500"
      rounded="md"
      p={{ base: '3', md: '4' }}
    >
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title id={titleId}>
            {props.newAbstract
              ? 'The submission deadline passed before this abstract was submitted.'
              : 'The submission deadline passed before these changes were saved.'}
          </Alert.Title>
          <Alert.Description>
            {props.newAbstract
              ? 'It was not saved and can no longer be submitted. What you typed is kept here, marked "not saved", so that you can copy it.'
              : 'They are not part of your abstract. The form further down shows your abstract as it was saved. What you typed is kept here, marked "not saved", so that you can copy it.'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {props.fields.map((f) => (
        <Field.Root key={f.name} readOnly>
          <HStack justify="space-between" width="100%" gap="2" align="flex-end">
            <Field.Label>{f.label} (not saved)</Field.Label>
            <Button
              size="xs"
              variant="outline"
              aria-label={`${copied === f.name ? 'Copied' : 'Copy'} ${f.label.toLowerCase()}`}
              onClick={() => void copy(f.name, f.text)}
            >
              {copied === f.name ? 'Copied' : 'Copy'}
            </Button>
          </HStack>
          <Textarea value={f.text} readOnly autoresize rows={1} bg="orange.50" />
        </Field.Root>
      ))}
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" colorPalette="brand" onClick={() => void copy('*', allText(props.fields))}>
          {copied === '*' ? 'Copied all' : 'Copy all'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setForgetting(true)}>
          Forget this text
        </Button>
      </HStack>
      <Box>
        <ConfirmDialog
          open={forgetting}
          title="Forget the text that was not saved?"
          confirmLabel="Forget it"
          dismissLabel="Keep it"
          onClose={() => setForgetting(false)}
          onConfirm={() => {
            setForgetting(false);
            props.onForget();
          }}
        >
          It is kept only in this browser. Copy it first if you want to keep it.
        </ConfirmDialog>
      </Box>
    </Stack>
  );
}
