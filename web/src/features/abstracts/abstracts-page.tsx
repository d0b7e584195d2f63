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
import { abstractsFrame, useDeadlineText } from './abstracts-frame';
import { useLang, useT } from '../../i18n/i18n';
import { categoryNameOf } from './option-labels';
import { ReviewStatus } from './review-status';
import { abstractApi, abstractKeys, useAbstracts, useAbstractsOpen, type AbstractListItem } from './api';


function Actions({ item, open, onDelete }: { item: AbstractListItem; open: boolean | null; onDelete: (item: AbstractListItem) => void }) {
  const t = useT();
  const title = item.title_of_abstract;
  const to = pathTo(paths.abstractEdit, { id: item.id });
  // The one revision the committee asked for (after the deadline): its text may change once.
  if (open === false && item.review_status.code === 'revise') {
    return (
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <RouterLink to={to} aria-label={t('abstracts.list.reviseLabel', { title })}>
          {t('abstracts.list.revise')}
        </RouterLink>
      </Button>
    );
  }
  if (open === false) {
    return (
      <Button asChild size="sm" variant="outline">
        <RouterLink to={to} aria-label={t('abstracts.list.viewLabel', { title })}>
          {t('abstracts.list.view')}
        </RouterLink>
      </Button>
    );
  }
  return (
    <HStack gap="2">
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <RouterLink to={to} aria-label={t('abstracts.list.editLabel', { title })}>
          {t('abstracts.list.edit')}
        </RouterLink>
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" disabled={open === null} onClick={() => onDelete(item)} aria-label={t('abstracts.list.deleteLabel', { title })}>
        {t('abstracts.list.delete')}
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
  const t = useT();
  const lang = useLang();
  const deadlineText = useDeadlineText();
  // The server names the category in English; other languages name it from the catalogs.
  const categoryOf = (item: AbstractListItem) =>
    lang === 'en' ? item.abstract_category_name : categoryNameOf(t, item.abstract_category, item.abstract_category_name);

  const uploadButton = (
    <Box>
      <Button asChild={!full && open !== false} colorPalette="brand" disabled={full || open === false}>
        {full || open === false ? <span>{t('abstracts.list.upload')}</span> : <RouterLink to={paths.abstractSubmission}>{t('abstracts.list.upload')}</RouterLink>}
      </Button>
      {full && (
        <Text fontSize="sm" color="gray.700" mt="2">
          {t('abstracts.list.full', { max: abstractLimits.maxAbstractsPerDelegate })}
        </Text>
      )}
    </Box>
  );

  return (
    <Page {...abstractsFrame} title={t('abstracts.list.title')}>
      <Stack gap="6">
        {open === false && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{t('abstracts.list.closed', { deadline: deadlineText })}</Alert.Description>
          </Alert.Root>
        )}
        {uploadButton}
        {list.isError ? (
          <QueryError error={list.error} title={t('abstracts.list.queryFailed')} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Text color="gray.700">{t('abstracts.list.loading')}</Text>
        ) : items.length === 0 ? (
          <Card.Root variant="subtle">
            <Card.Body>
              <Text fontWeight="semibold">{t('abstracts.list.emptyTitle')}</Text>
              <Text color="gray.700">
                {t('abstracts.list.emptyText')}
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <>
            <Box hideBelow="md">
              <ScrollTable label={t('abstracts.list.yours')} size="md" aria-label={t('abstracts.list.yours')}>
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader>{t('abstracts.list.colTitle')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('abstracts.list.colCategory')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('abstracts.list.colKeywords')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('abstracts.list.colStatus')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('abstracts.list.colAction')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((item) => (
                    <Table.Row key={item.id}>
                      <Table.Cell fontWeight="medium">{item.title_of_abstract}</Table.Cell>
                      <Table.Cell>{categoryOf(item)}</Table.Cell>
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
            <Stack hideFrom="md" gap="3" as="ul" listStyleType="none" aria-label={t('abstracts.list.yours')}>
              {items.map((item) => (
                <Card.Root as="li" key={item.id} size="sm">
                  <Card.Body gap="1">
                    <Text fontWeight="semibold">{item.title_of_abstract}</Text>
                    <Text fontSize="sm" color="gray.700">
                      {categoryOf(item)}
                    </Text>
                    <Text fontSize="sm">{t('abstracts.list.keywordsLine', { keywords: item.keywords })}</Text>
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
        title={t('abstracts.list.deleteTitle')}
        confirmLabel={t('abstracts.list.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await abstractApi.remove(deleting.id);
            toaster.success({ title: t('abstracts.list.deleted') });
            await queryClient.invalidateQueries({ queryKey: abstractKeys.list });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: t('abstracts.list.deleteFailed'), description: (error as Error).message });
          } finally {
            setDeleting(null);
          }
        }}
      >
        {t('abstracts.list.deleteText', { title: deleting?.title_of_abstract ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
