/**
 * /office/review-team: who reviews the abstracts of each review category and who sits on the
 * programme committee. An organiser grants, changes or revokes a person's roles by their account's
 * e-mail (audited; a change over one another organiser made meanwhile is refused).
 */
import { Badge, Box, Button, Checkbox, Fieldset, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, FormProvider, useForm, type Resolver } from 'react-hook-form';
import { reviewRolesBody, type ReviewRolesForm } from '#core/review/schemas';
import { formatInstant } from '#core/i18n/format';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { officeApi, reviewTeamKey, type ReviewTeamView } from './api';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { categoryLabel } from '../review/labels';
import { OfficeFrame } from './office-frame';

const empty: ReviewRolesForm = { email: '', reviewer_categories: [], committee: false };

function RolesForm(props: { team: ReviewTeamView; form: ReturnType<typeof useForm<ReviewRolesForm>> }) {
  const queryClient = useQueryClient();
  const t = useT();
  const localise = useLocalise();
  const { form } = props;
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const { message } = await officeApi.setReviewRoles(values);
      await queryClient.invalidateQueries({ queryKey: reviewTeamKey });
      form.reset(empty);
      setOutcome({ status: 'success', text: message });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['email', 'reviewer_categories', 'committee']);
      if (message !== null) setOutcome({ status: 'error', text: message });
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('review.office.team.formLabel')}>
        <Text color="gray.700">{t('review.office.team.intro')}</Text>
        <TextField<ReviewRolesForm>
          name="email"
          label={t('review.office.team.email')}
          required
          autoComplete="off"
          type="email"
        />
        <Controller
          control={form.control}
          name="reviewer_categories"
          render={({ field, fieldState }) => {
            const selected = field.value ?? [];
            return (
              <Fieldset.Root invalid={Boolean(fieldState.error)}>
                <Fieldset.Legend fontWeight="medium">{t('review.office.team.reviews')}</Fieldset.Legend>
                <Stack gap="2" mt="2">
                  {props.team.categories.map((c, i) => (
                    <Checkbox.Root
                      key={c.value}
                      checked={selected.includes(c.value)}
                      onCheckedChange={(e) =>
                        field.onChange(
                          e.checked
                            ? [...selected.filter((v) => v !== c.value), c.value]
                            : selected.filter((v) => v !== c.value),
                        )
                      }
                      colorPalette="brand"
                      alignItems="flex-start"
                    >
                      <Checkbox.HiddenInput onBlur={field.onBlur} ref={i === 0 ? field.ref : undefined} />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label fontWeight="normal">{categoryLabel(t, c.value)}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
                <Fieldset.ErrorText>{fieldState.error?.message && localise(fieldState.error.message)}</Fieldset.ErrorText>
              </Fieldset.Root>
            );
          }}
        />
        <Controller
          control={form.control}
          name="committee"
          render={({ field }) => (
            <Checkbox.Root
              checked={Boolean(field.value)}
              onCheckedChange={(e) => field.onChange(Boolean(e.checked))}
              colorPalette="brand"
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} ref={field.ref} />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">{t('review.office.team.committee')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
        <Box>
          <SubmitButton>{t('review.office.team.save')}</SubmitButton>
        </Box>
      </FormStack>
    </FormProvider>
  );
}

function Members(props: { team: ReviewTeamView; onChange: (m: ReviewTeamView['members'][number]) => void }) {
  const t = useT();
  const lang = useLang();
  const label = (value: string) => categoryLabel(t, value);
  if (props.team.members.length === 0) {
    return (
      <Text color="gray.700">{t('review.office.team.nobody')}</Text>
    );
  }
  return (
    <ScrollTable label={t('review.office.team.table')} size="sm" aria-label={t('review.office.team.table')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('review.office.team.colPerson')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.team.colReviews')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.team.colCommittee')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.team.colChanged')}</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>{t('review.office.team.colAction')}</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.team.members.map((m) => (
          <Table.Row key={m.user_id}>
            <Table.Cell minW="12rem">
              <Text wordBreak="break-all">{m.email}</Text>
              <Text fontSize="sm" color="gray.700">
                {[m.name, m.organization].filter(Boolean).join(', ')}
              </Text>
            </Table.Cell>
            <Table.Cell minW="12rem">
              {m.reviewer_categories.length ? (
                m.reviewer_categories.map(label).join('; ')
              ) : (
                <Text color="gray.700">{t('review.office.team.noCategory')}</Text>
              )}
            </Table.Cell>
            <Table.Cell>
              {m.committee ? (
                <Badge colorPalette="brand">{t('review.office.team.committeeBadge')}</Badge>
              ) : (
                <Text color="gray.700">{t('review.office.team.no')}</Text>
              )}
            </Table.Cell>
            <Table.Cell minW="10rem">
              {formatInstant(lang, m.updated_at)}
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {m.updated_by}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Button
                size="sm"
                variant="outline"
                onClick={() => props.onChange(m)}
                aria-label={t('review.office.team.changeLabel', { email: m.email })}
              >
                {t('review.office.team.change')}
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function ReviewTeam() {
  const t = useT();
  const team = useQuery({ queryKey: reviewTeamKey, queryFn: officeApi.reviewTeam });
  const form = useForm<ReviewRolesForm>({
    resolver: zodResolver(reviewRolesBody) as Resolver<ReviewRolesForm>,
    defaultValues: empty,
  });
  const formTop = useRef<HTMLDivElement>(null);
  if (team.isPending) return <Text color="gray.700">{t('review.office.team.loading')}</Text>;
  if (team.isError)
    return (
      <QueryError
        error={team.error}
        onRetry={() => void team.refetch()}
        title={t('review.office.team.loadFailed')}
      />
    );
  return (
    <Stack gap="8">
      <Stack gap="3" ref={formTop}>
        <Heading as="h2" size="xl">
          {t('review.office.team.grant')}
        </Heading>
        <RolesForm team={team.data} form={form} />
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="xl">
          {t('review.office.team.members', { count: String(team.data.members.length) })}
        </Heading>
        <Members
          team={team.data}
          onChange={(m) => {
            form.reset({
              email: m.email,
              reviewer_categories: m.reviewer_categories,
              committee: m.committee,
            });
            formTop.current?.scrollIntoView({ block: 'start' });
            formTop.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
          }}
        />
      </Stack>
    </Stack>
  );
}

export default function ReviewTeamPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('review.office.team.title')}>
      <ReviewTeam />
    </OfficeFrame>
  );
}
