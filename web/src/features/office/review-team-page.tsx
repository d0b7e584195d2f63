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
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { officeApi, reviewTeamKey, type ReviewTeamView } from './api';
import { OfficeFrame } from './office-frame';

const empty: ReviewRolesForm = { email: '', reviewer_categories: [], committee: false };

function RolesForm(props: { team: ReviewTeamView; form: ReturnType<typeof useForm<ReviewRolesForm>> }) {
  const queryClient = useQueryClient();
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
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Review roles">
        <Text color="gray.700">
          Enter the e-mail of the person&apos;s account (they sign up and activate it first), then choose what
          they do. Clearing every box revokes their roles from their next request.
        </Text>
        <TextField<ReviewRolesForm>
          name="email"
          label="E-mail of the account"
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
                <Fieldset.Legend fontWeight="medium">Reviews the abstracts of</Fieldset.Legend>
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
                      <Checkbox.Label fontWeight="normal">{c.label}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
                <Fieldset.ErrorText>{fieldState.error?.message}</Fieldset.ErrorText>
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
              <Checkbox.Label fontWeight="normal">
                On the programme committee (decides on every abstract; uses the office&apos;s authenticator
                code)
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
        <Box>
          <SubmitButton>Save the roles</SubmitButton>
        </Box>
      </FormStack>
    </FormProvider>
  );
}

function Members(props: { team: ReviewTeamView; onChange: (m: ReviewTeamView['members'][number]) => void }) {
  const label = (value: string) => props.team.categories.find((c) => c.value === value)?.label ?? value;
  if (props.team.members.length === 0) {
    return (
      <Text color="gray.700">Nobody reviews yet. Grant the first reviewers and the committee above.</Text>
    );
  }
  return (
    <ScrollTable label="Review team" size="sm" aria-label="Review team">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Person</Table.ColumnHeader>
          <Table.ColumnHeader>Reviews</Table.ColumnHeader>
          <Table.ColumnHeader>Committee</Table.ColumnHeader>
          <Table.ColumnHeader>Last change</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>Action</Box>
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
                <Text color="gray.700">No category</Text>
              )}
            </Table.Cell>
            <Table.Cell>
              {m.committee ? (
                <Badge colorPalette="brand">Committee</Badge>
              ) : (
                <Text color="gray.700">No</Text>
              )}
            </Table.Cell>
            <Table.Cell minW="10rem">
              {formatCstInstant(m.updated_at)}
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {m.updated_by}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Button
                size="sm"
                variant="outline"
                onClick={() => props.onChange(m)}
                aria-label={`Change the roles of ${m.email}`}
              >
                Change
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function ReviewTeam() {
  const team = useQuery({ queryKey: reviewTeamKey, queryFn: officeApi.reviewTeam });
  const form = useForm<ReviewRolesForm>({
    resolver: zodResolver(reviewRolesBody) as Resolver<ReviewRolesForm>,
    defaultValues: empty,
  });
  const formTop = useRef<HTMLDivElement>(null);
  if (team.isPending) return <Text color="gray.700">Loading the review team...</Text>;
  if (team.isError)
    return (
      <QueryError
        error={team.error}
        onRetry={() => void team.refetch()}
        title="The review team could not be loaded."
      />
    );
  return (
    <Stack gap="8">
      <Stack gap="3" ref={formTop}>
        <Heading as="h2" size="xl">
          Grant or change roles
        </Heading>
        <RolesForm team={team.data} form={form} />
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="xl">
          Reviewers and committee ({team.data.members.length})
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
  return (
    <OfficeFrame title="Review team">
      <ReviewTeam />
    </OfficeFrame>
  );
}
