/**
 * /admin/pre "ABSTRACT UPLOAD": the delegate's abstracts (title, category, keywords, action),
 * Edit and Delete before the deadline, View after it; the upload button leads to the guidelines
 * (/abstract/submission) and is disabled at 5 abstracts.
 */
import { Alert, Box, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { abstractLimits } from '#core/config/conference';
import { Page } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { toaster } from '../../components/ui/toaster';
import { paths, pathTo } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { abstractsFrame, deadlineText } from './abstracts-frame';
import { ReviewStatus } from './review-status';
import { abstractApi, abstractKeys, useAbstracts, useAbstractsOpen, type AbstractListItem } from './api';


function Actions({ item, open, onDelete }: { item: AbstractListItem; open: boolean | null; onDelete: (item: AbstractListItem) => void }) {
  const to = pathTo(paths.abstractEdit, { id: item.id });
  // The one revision the committee asked for (after the deadline): its text may change once.
  if (open === false && item.review_status.code === 'revise') {
    return (
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <RouterLink to={to} aria-label={`Revise ${item.title_of_abstract}`}>
          Revise
        </RouterLink>
      </Button>
    );
  }
  if (open === false) {
    return (
      <Button asChild size="sm" variant="outline">
        <RouterLink to={to} aria-label={`View ${item.title_of_abstract}`}>
          View
        </RouterLink>
      </Button>
    );
  }
  return (
    <HStack gap="2">
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <RouterLink to={to} aria-label={`Edit ${item.title_of_abstract}`}>
          Edit
        </RouterLink>
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" disabled={open === null} onClick={() => onDelete(item)} aria-label={`Delete ${item.title_of_abstract}`}>
        Delete
      </Button>
    </HStack>
  );
}

export default function AbstractsPage() {
  const list = useAbstracts();
  const open = useAbstractsOpen();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<AbstractListItem | null>(null);
  const items = list.data?.items ?? [];
  const full = items.length >= abstractLimits.maxAbstractsPerDelegate;

  const uploadButton = (
    <Box>
      <Button asChild={!full && open !== false} colorPalette="brand" disabled={full || open === false}>
        {full || open === false ? <span>Upload an abstract</span> : <RouterLink to={paths.abstractSubmission}>Upload an abstract</RouterLink>}
      </Button>
      {full && (
        <Text fontSize="sm" color="gray.700" mt="2">
          You have submitted {abstractLimits.maxAbstractsPerDelegate} abstracts, the most one delegate may submit. Delete one to submit another.
        </Text>
      )}
    </Box>
  );

  return (
    <Page {...abstractsFrame}>
      <Stack gap="6">
        {open === false && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>Abstract submission closed on {deadlineText}. Modifications are prohibited; you can still view your abstracts.</Alert.Description>
          </Alert.Root>
        )}
        {uploadButton}
        {list.isError ? (
          <QueryError error={list.error} title="The list content query failed." onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Text color="gray.700">Loading your abstracts...</Text>
        ) : items.length === 0 ? (
          <Card.Root variant="subtle">
            <Card.Body>
              <Text fontWeight="semibold">You have not submitted an abstract yet.</Text>
              <Text color="gray.700">
                Read the guidelines, then fill in the form: authors, title, category, keywords, the abstract itself and, if you wish, PDF files.
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <>
            <Box hideBelow="md">
              <ScrollTable label="Your abstracts" size="md" aria-label="Your abstracts">
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader>Title</Table.ColumnHeader>
                    <Table.ColumnHeader>Category</Table.ColumnHeader>
                    <Table.ColumnHeader>Keywords</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader>Action</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((item) => (
                    <Table.Row key={item.id}>
                      <Table.Cell fontWeight="medium">{item.title_of_abstract}</Table.Cell>
                      <Table.Cell>{item.abstract_category_name}</Table.Cell>
                      <Table.Cell>{item.keywords}</Table.Cell>
                      <Table.Cell>
                        <ReviewStatus status={item.review_status} />
                      </Table.Cell>
                      <Table.Cell>
                        <Actions item={item} open={open} onDelete={setDeleting} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </ScrollTable>
            </Box>
            <Stack hideFrom="md" gap="3" as="ul" listStyleType="none" aria-label="Your abstracts">
              {items.map((item) => (
                <Card.Root as="li" key={item.id} size="sm">
                  <Card.Body gap="1">
                    <Text fontWeight="semibold">{item.title_of_abstract}</Text>
                    <Text fontSize="sm" color="gray.700">
                      {item.abstract_category_name}
                    </Text>
                    <Text fontSize="sm">Keywords: {item.keywords}</Text>
                    <Box>
                      <ReviewStatus status={item.review_status} />
                    </Box>
                    <Box mt="2">
                      <Actions item={item} open={open} onDelete={setDeleting} />
                    </Box>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this abstract?"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await abstractApi.remove(deleting.id);
            toaster.success({ title: 'The abstract has been deleted.' });
            await queryClient.invalidateQueries({ queryKey: abstractKeys.list });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: 'Deletion failed.', description: (error as Error).message });
          } finally {
            setDeleting(null);
          }
        }}
      >
        &ldquo;{deleting?.title_of_abstract}&rdquo; and its files will be deleted. This cannot be undone.
      </ConfirmDialog>
    </Page>
  );
}
