/**
 * /office/review-conflicts: the conflicts of interest the rules find between a review category's
 * reviewers and its abstracts, a page at a time. An organiser overrides one that does not hold,
 * with a reason (the reviewer may then review the abstract: the committee assigns them by hand or
 * in its next run), or restores it (the abstract leaves the reviewer's list at once). An author's
 * own abstract is never overridden (decision 0057). Each change is audited.
 */
import { Badge, Box, Button, HStack, Stack, Text, Table } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { conflictOverrideBody, type ConflictOverrideForm } from '#core/review/schemas';
import { reviewCategories } from '#core/review/team';
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { TextAreaField } from '../../components/form/fields';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ActionCard } from './action-card';
import { officeApi, reviewConflictsKey, type ReviewConflictRow, type ReviewConflictsPage } from './api';
import { OfficeFrame } from './office-frame';
import { CategorySelect } from '../review/category-select';
import { categoryLabel, conflictReasonLabel } from '../review/labels';
import { useLang, useT } from '../../i18n/i18n';

const rowKey = (row: ReviewConflictRow) => `${row.abstract_id}/${row.reviewer_id}`;

const assignmentText: Record<string, MessageId> = {
  assigned: 'review.office.conflicts.assignment.assigned',
  draft: 'review.office.conflicts.assignment.draft',
  submitted: 'review.office.conflicts.assignment.submitted',
  declined: 'review.office.conflicts.assignment.declined',
  removed: 'review.office.conflicts.assignment.removed',
};

function Status({ row }: { row: ReviewConflictRow }) {
  const t = useT();
  const lang = useLang();
  if (row.override) {
    return (
      <Stack gap="1">
        <Box>
          <Badge colorPalette="green">{row.holds ? t('review.office.conflicts.overriddenHolds') : t('review.office.conflicts.overridden')}</Badge>
        </Box>
        <Text fontSize="sm">&ldquo;{row.override.reason}&rdquo;</Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-all">
          {t('review.office.conflicts.byAt', { by: row.override.by, at: formatInstant(lang, row.override.at) })}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="1">
      <Box>
        <Badge colorPalette="red">{row.overridable ? t('review.office.conflicts.holds') : t('review.office.conflicts.holdsAuthor')}</Badge>
      </Box>
      {row.restored && (
        <Text fontSize="sm" color="gray.700">
          {t('review.office.conflicts.restoredBy', { by: row.restored.by, at: formatInstant(lang, row.restored.at), reason: row.restored.reason })}
        </Text>
      )}
    </Stack>
  );
}

function ConflictTable(props: { page: ReviewConflictsPage; chosen: string | null; onChoose: (row: ReviewConflictRow) => void }) {
  const t = useT();
  const category = categoryLabel(t, props.page.category);
  if (props.page.items.length === 0) {
    return <Text color="gray.700">{t('review.office.conflicts.none', { category })}</Text>;
  }
  return (
    <ScrollTable label={t('review.office.conflicts.table', { category })} size="sm" aria-label={t('review.office.conflicts.table', { category })}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('review.office.conflicts.colAbstract')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.conflicts.colReviewer')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.conflicts.colWhy')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.conflicts.colStatus')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.office.conflicts.colAssignment')}</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>{t('review.office.conflicts.colAction')}</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.page.items.map((row) => (
          <Table.Row key={rowKey(row)} bg={props.chosen === rowKey(row) ? 'gray.100' : undefined}>
            <Table.Cell minW="14rem">
              <Text>{row.title}</Text>
              <Text fontSize="xs" color="gray.700" wordBreak="break-all">
                {row.abstract_id}
              </Text>
            </Table.Cell>
            <Table.Cell minW="12rem">
              <Text wordBreak="break-all">{row.reviewer_email}</Text>
              {row.reviewer_name && (
                <Text fontSize="sm" color="gray.700">
                  {row.reviewer_name}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell minW="12rem">{row.reasons.length ? row.reasons.map((r) => conflictReasonLabel(t, r)).join(t('review.office.conflicts.reasonSeparator')) : <Text color="gray.700">{t('review.office.conflicts.noReason')}</Text>}</Table.Cell>
            <Table.Cell minW="12rem">
              <Status row={row} />
            </Table.Cell>
            <Table.Cell minW="8rem">{row.assignment ? (assignmentText[row.assignment] ? t(assignmentText[row.assignment]!) : row.assignment) : <Text color="gray.700">{t('review.office.conflicts.notAssigned')}</Text>}</Table.Cell>
            <Table.Cell>
              {row.override ? (
                <Button size="sm" variant="outline" onClick={() => props.onChoose(row)} aria-label={t('review.office.conflicts.restoreLabel', { email: row.reviewer_email, title: row.title })}>
                  {t('review.office.conflicts.restore')}
                </Button>
              ) : row.overridable ? (
                <Button size="sm" variant="outline" onClick={() => props.onChoose(row)} aria-label={t('review.office.conflicts.overrideLabel', { email: row.reviewer_email, title: row.title })}>
                  {t('review.office.conflicts.override')}
                </Button>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function OverrideCard({ row }: { row: ReviewConflictRow }) {
  const queryClient = useQueryClient();
  const t = useT();
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.querySelector<HTMLTextAreaElement>('textarea[name="reason"]')?.focus();
  }, []);
  const overriding = !row.override;
  return (
    <Box ref={top}>
      <ActionCard<ConflictOverrideForm>
        title={overriding ? t('review.office.conflicts.overrideTitle') : t('review.office.conflicts.restoreTitle')}
        description={
          overriding
            ? t('review.office.conflicts.overrideText', { email: row.reviewer_email, title: row.title, reasons: row.reasons.map((r) => conflictReasonLabel(t, r)).join(t('review.office.conflicts.reasonSeparator')) })
            : t('review.office.conflicts.restoreText', { email: row.reviewer_email, title: row.title })
        }
        resolver={zodResolver(conflictOverrideBody, undefined, { raw: true }) as Resolver<ConflictOverrideForm>}
        defaults={{ abstract_id: row.abstract_id, reviewer_id: row.reviewer_id, overridden: overriding, reason: '', version: row.version }}
        fields={<TextAreaField<ConflictOverrideForm> name="reason" label={t('review.office.conflicts.reason')} required rows={3} helper={overriding ? t('review.office.conflicts.overrideHelper') : t('review.office.conflicts.restoreHelper')} />}
        submitLabel={overriding ? t('review.office.conflicts.overrideTitle') : t('review.office.conflicts.restoreTitle')}
        run={(values) => officeApi.setReviewConflict(values)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['office', 'review-conflicts'] })}
      />
    </Box>
  );
}

function ReviewConflicts() {
  const t = useT();
  const [category, setCategory] = useState(reviewCategories[0]!.value);
  const [cursors, setCursors] = useState<string[]>([]);
  const [chosen, setChosen] = useState<ReviewConflictRow | null>(null);
  const cursor = cursors.at(-1);
  const page = useQuery({ queryKey: reviewConflictsKey(category, cursor), queryFn: () => officeApi.reviewConflicts(category, cursor) });
  return (
    <Stack gap="6">
      <Text color="gray.700">{t('review.office.conflicts.intro')}</Text>
      <CategorySelect
        label={t('review.office.conflicts.category')}
        value={category}
        onChange={(value) => {
          setCategory(value);
          setCursors([]);
          setChosen(null);
        }}
      />
      {page.isPending ? (
        <Text color="gray.700">{t('review.office.conflicts.loading')}</Text>
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} title={t('review.office.conflicts.loadFailed')} />
      ) : (
        <>
          <ConflictTable page={page.data} chosen={chosen ? rowKey(chosen) : null} onChoose={setChosen} />
          <HStack>
            {cursors.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setCursors(cursors.slice(0, -1))}>
                {t('review.office.conflicts.previous')}
              </Button>
            )}
            {page.data.cursor && (
              <Button variant="outline" size="sm" onClick={() => setCursors([...cursors, page.data.cursor!])}>
                {t('review.office.conflicts.next')}
              </Button>
            )}
          </HStack>
        </>
      )}
      {chosen && <OverrideCard key={`${rowKey(chosen)}/${chosen.version}`} row={chosen} />}
    </Stack>
  );
}

export default function ReviewConflictsPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('review.office.conflicts.title')}>
      <ReviewConflicts />
    </OfficeFrame>
  );
}
