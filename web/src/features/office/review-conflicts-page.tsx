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
import { formatCstInstant } from '#core/time';
import { TextAreaField } from '../../components/form/fields';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ActionCard } from './action-card';
import { officeApi, reviewConflictsKey, type ReviewConflictRow, type ReviewConflictsPage } from './api';
import { OfficeFrame } from './office-frame';
import { CategorySelect } from '../review/category-select';

const rowKey = (row: ReviewConflictRow) => `${row.abstract_id}/${row.reviewer_id}`;

const assignmentText: Record<string, string> = {
  assigned: 'Assigned',
  draft: 'Assigned (draft saved)',
  submitted: 'Review submitted',
  declined: 'Declined',
  removed: 'Removed by the committee',
};

function Status({ row }: { row: ReviewConflictRow }) {
  if (row.override) {
    return (
      <Stack gap="1">
        <Box>
          <Badge colorPalette="green">{row.holds ? 'Overridden, but a new reason holds' : 'Overridden'}</Badge>
        </Box>
        <Text fontSize="sm">&ldquo;{row.override.reason}&rdquo;</Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-all">
          {row.override.by}, {formatCstInstant(row.override.at)}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="1">
      <Box>
        <Badge colorPalette="red">{row.overridable ? 'Holds' : 'Holds: an author'}</Badge>
      </Box>
      {row.restored && (
        <Text fontSize="sm" color="gray.700">
          Restored by {row.restored.by}, {formatCstInstant(row.restored.at)}: &ldquo;{row.restored.reason}&rdquo;
        </Text>
      )}
    </Stack>
  );
}

function ConflictTable(props: { page: ReviewConflictsPage; chosen: string | null; onChoose: (row: ReviewConflictRow) => void }) {
  if (props.page.items.length === 0) {
    return <Text color="gray.700">No conflict of interest between the reviewers of {props.page.category_label} and its abstracts.</Text>;
  }
  return (
    <ScrollTable label={`Conflicts in ${props.page.category_label}`} size="sm" aria-label={`Conflicts in ${props.page.category_label}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Abstract</Table.ColumnHeader>
          <Table.ColumnHeader>Reviewer</Table.ColumnHeader>
          <Table.ColumnHeader>Why</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Assignment</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>Action</Box>
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
            <Table.Cell minW="12rem">{row.reasons.length ? row.reasons.map((r) => r.text).join('; ') : <Text color="gray.700">No reason found any more</Text>}</Table.Cell>
            <Table.Cell minW="12rem">
              <Status row={row} />
            </Table.Cell>
            <Table.Cell minW="8rem">{row.assignment ? assignmentText[row.assignment] ?? row.assignment : <Text color="gray.700">Not assigned</Text>}</Table.Cell>
            <Table.Cell>
              {row.override ? (
                <Button size="sm" variant="outline" onClick={() => props.onChoose(row)} aria-label={`Restore the conflict of ${row.reviewer_email} with ${row.title}`}>
                  Restore
                </Button>
              ) : row.overridable ? (
                <Button size="sm" variant="outline" onClick={() => props.onChoose(row)} aria-label={`Override the conflict of ${row.reviewer_email} with ${row.title}`}>
                  Override
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
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
    top.current?.querySelector<HTMLTextAreaElement>('textarea[name="reason"]')?.focus();
  }, []);
  const overriding = !row.override;
  return (
    <Box ref={top}>
      <ActionCard<ConflictOverrideForm>
        title={overriding ? 'Override the conflict' : 'Restore the conflict'}
        description={
          overriding
            ? `${row.reviewer_email} and "${row.title}": the reviewer ${row.reasons.map((r) => r.text).join('; ')}. Overridden, they may review it: the committee assigns them by hand or in its next run. The reason is kept in the audit log.`
            : `${row.reviewer_email} and "${row.title}": the conflict holds again, the abstract leaves their list at once and the next assignment run gives it to another reviewer. The reason is kept in the audit log.`
        }
        resolver={zodResolver(conflictOverrideBody, undefined, { raw: true }) as Resolver<ConflictOverrideForm>}
        defaults={{ abstract_id: row.abstract_id, reviewer_id: row.reviewer_id, overridden: overriding, reason: '', version: row.version }}
        fields={<TextAreaField<ConflictOverrideForm> name="reason" label="Reason" required rows={3} helper={overriding ? 'For example: another department of the university, no joint work or publication.' : 'For example: they wrote a grant together after all.'} />}
        submitLabel={overriding ? 'Override the conflict' : 'Restore the conflict'}
        run={(values) => officeApi.setReviewConflict(values)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['office', 'review-conflicts'] })}
      />
    </Box>
  );
}

function ReviewConflicts() {
  const [category, setCategory] = useState(reviewCategories[0]!.value);
  const [cursors, setCursors] = useState<string[]>([]);
  const [chosen, setChosen] = useState<ReviewConflictRow | null>(null);
  const cursor = cursors.at(-1);
  const page = useQuery({ queryKey: reviewConflictsKey(category, cursor), queryFn: () => officeApi.reviewConflicts(category, cursor) });
  return (
    <Stack gap="6">
      <Text color="gray.700">
        A reviewer never sees an abstract where a conflict holds: they are an author, share an author&apos;s e-mail domain or institution, co-authored another abstract with an author, or
        declared a conflict. Override one the rules found but that does not hold; an author&apos;s own abstract is never overridden.
      </Text>
      <CategorySelect
        label="Review category"
        value={category}
        onChange={(value) => {
          setCategory(value);
          setCursors([]);
          setChosen(null);
        }}
      />
      {page.isPending ? (
        <Text color="gray.700">Loading the conflicts...</Text>
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} title="The conflicts could not be loaded." />
      ) : (
        <>
          <ConflictTable page={page.data} chosen={chosen ? rowKey(chosen) : null} onChoose={setChosen} />
          <HStack>
            {cursors.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setCursors(cursors.slice(0, -1))}>
                Previous page
              </Button>
            )}
            {page.data.cursor && (
              <Button variant="outline" size="sm" onClick={() => setCursors([...cursors, page.data.cursor!])}>
                Next page
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
  return (
    <OfficeFrame title="Review conflicts">
      <ReviewConflicts />
    </OfficeFrame>
  );
}
