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
import type { MessageId, Translate } from '#core/i18n/messages';
import { useT } from '../../i18n/i18n';
import { agreementLabel, categoryFullName } from './option-labels';

export interface UnsavedField {
  name: keyof AbstractFormValues;
  label: string;
  text: string;
}

/** The form's fields in its order, with (the ids of) the labels the form shows. */
const labels: Record<keyof AbstractFormValues, MessageId> = {
  authors: 'abstracts.form.authors',
  presenter_abstract: 'abstracts.form.firstAuthorPresents',
  presenter_infos: 'abstracts.unsaved.presenters',
  title_of_abstract: 'abstracts.list.colTitle',
  abstract_category: 'abstracts.list.colCategory',
  keywords: 'abstracts.list.colKeywords',
  abstract_body: 'abstracts.form.abstractTitle',
  financial_support: 'abstracts.form.financialSupport',
  conference_iacr_fellowship: 'abstracts.form.fellowship',
  conflict_of_interest_disclosure: 'abstracts.form.conflict',
  agreements: 'abstracts.form.agreements',
  submitter_name: 'abstracts.form.submitterName',
  submitter_date: 'abstracts.form.date',
  upload_files: 'abstracts.form.files',
};

const yesNo = (t: Translate, v: unknown) => (v === true ? t('abstracts.form.yes') : v === false ? t('abstracts.form.no') : t('abstracts.unsaved.noAnswer'));

function people(t: Translate, list: unknown): string {
  const rows = (Array.isArray(list) ? list : []) as Partial<Record<'first_name' | 'last_name' | 'email' | 'institute' | 'city' | 'country', string>>[];
  if (!rows.length) return t('abstracts.unsaved.none');
  return rows
    .map((p, i) => `${i + 1}. ${[[p.first_name, p.last_name].filter(Boolean).join(' '), p.email, p.institute, p.city, p.country].filter(Boolean).join(', ')}`)
    .join('\n');
}

/** Each changed field as the words a person reads (names, not codes), in the form's order, in the language of `t`. */
export function unsavedFields(changes: Partial<AbstractFormValues>, options: AbstractOptions | undefined, t: Translate): UnsavedField[] {
  const categoryLabel = (value: string) => categoryFullName(t, options?.abstract_categories ?? [], value, value);
  const text = (name: keyof AbstractFormValues, value: unknown): string => {
    switch (name) {
      case 'authors':
      case 'presenter_infos':
        return people(t, value);
      case 'presenter_abstract':
      case 'financial_support':
      case 'conference_iacr_fellowship':
        return yesNo(t, value);
      case 'abstract_category':
        return value ? categoryLabel(String(value)) : t('abstracts.unsaved.none');
      case 'agreements': {
        const ticked = (value as string[] | undefined) ?? [];
        const byValue = new Map((options?.submission_agreements ?? []).map((a) => [a.value, agreementLabel(t, a.value, a.label)]));
        return ticked.length ? ticked.map((v) => byValue.get(v) ?? v).join('\n') : t('abstracts.unsaved.noneTicked');
      }
      case 'upload_files': {
        const files = (value as { name: string }[] | undefined) ?? [];
        return files.length ? files.map((f) => f.name).join('\n') : t('abstracts.unsaved.noFile');
      }
      default:
        return typeof value === 'string' && value !== '' ? value : t('abstracts.unsaved.empty');
    }
  };
  return (Object.keys(labels) as (keyof AbstractFormValues)[])
    .filter((name) => name in changes)
    .map((name) => ({ name, label: t(labels[name]), text: text(name, changes[name]) }));
}

export const allText = (fields: UnsavedField[], t?: Translate) =>
  fields.map((f) => (t ? t('abstracts.unsaved.copyItem', { label: f.label, text: f.text }) : `${f.label}:\n${f.text}`)).join('\n\n');

/**
 * `bringIntoView`: the deadline has just locked the form under the delegate's hands (the field
 * they were in is now disabled and shows the stored value): take them to this explanation.
 */
export function UnsavedChanges(props: { fields: UnsavedField[]; newAbstract: boolean; onForget: () => void; bringIntoView?: boolean }) {
  const titleId = useId();
  const t = useT();
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
      toaster.error({ title: t('abstracts.unsaved.copyFailed'), description: t('abstracts.unsaved.copyFailedText') });
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
            {props.newAbstract ? t('abstracts.unsaved.titleNew') : t('abstracts.unsaved.titleChanges')}
          </Alert.Title>
          <Alert.Description>
            {props.newAbstract ? t('abstracts.unsaved.textNew') : t('abstracts.unsaved.textChanges')}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {props.fields.map((f) => (
        <Field.Root key={f.name} readOnly>
          <HStack justify="space-between" width="100%" gap="2" align="flex-end">
            <Field.Label>{t('abstracts.unsaved.fieldLabel', { label: f.label })}</Field.Label>
            <Button
              size="xs"
              variant="outline"
              aria-label={copied === f.name ? t('abstracts.unsaved.copiedLabel', { label: f.label.toLowerCase() }) : t('abstracts.unsaved.copyLabel', { label: f.label.toLowerCase() })}
              onClick={() => void copy(f.name, f.text)}
            >
              {copied === f.name ? t('abstracts.unsaved.copied') : t('abstracts.unsaved.copy')}
            </Button>
          </HStack>
          <Textarea value={f.text} readOnly autoresize rows={1} bg="orange.50" />
        </Field.Root>
      ))}
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" colorPalette="brand" onClick={() => void copy('*', allText(props.fields, t))}>
          {copied === '*' ? t('abstracts.unsaved.copiedAll') : t('abstracts.unsaved.copyAll')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setForgetting(true)}>
          {t('abstracts.unsaved.forget')}
        </Button>
      </HStack>
      <Box>
        <ConfirmDialog
          open={forgetting}
          title={t('abstracts.unsaved.forgetTitle')}
          confirmLabel={t('abstracts.unsaved.forgetIt')}
          dismissLabel={t('abstracts.unsaved.keepIt')}
          onClose={() => setForgetting(false)}
          onConfirm={() => {
            setForgetting(false);
            props.onForget();
          }}
        >
          {t('abstracts.unsaved.forgetText')}
        </ConfirmDialog>
      </Box>
    </Stack>
  );
}
