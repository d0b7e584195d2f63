/**
 * An order's receipts and credit notes on the office's order page: number, what it is, when it
 * was issued (CST), what it refers to or replaces, and its PDF (a link valid for minutes).
 */
import { Table, Text } from '@chakra-ui/react';
import type { DocumentSummary } from '#core/documents/model';
import { formatInstant } from '#core/i18n/format';
import type { Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { ScrollTable } from '../../components/ui/scroll-table';
import { DocumentDownload } from '../documents/document-download';

const kindName = (t: Translate, doc: DocumentSummary) => (doc.kind === 'credit-note' ? t('office.docs.creditNote') : doc.kind === 'receipt' ? t('office.docs.receipt') : doc.title);

export function OrderDocumentsTable({ owner, docs, beingIssued = false }: { owner: string; docs: readonly DocumentSummary[]; beingIssued?: boolean }) {
  const t = useT();
  const lang = useLang();
  if (beingIssued && docs.length === 0) return <Text color="gray.700" role="status">{t('office.docs.beingIssued')}</Text>;
  if (docs.length === 0) return <Text color="gray.700">{t('office.docs.none')}</Text>;
  const numberOf = (id: string | null) => docs.find((d) => d.id === id)?.number ?? '-';
  return (
    <ScrollTable label={t('office.order.section.receipts')} size="sm" aria-label={t('office.order.section.receipts')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.docs.colDocument')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.docs.colNumber')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.docs.colIssued')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.docs.colRefersTo')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.docs.colPdf')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {docs.map((doc) => (
          <Table.Row key={doc.id}>
            <Table.Cell>
              {kindName(t, doc)}
              {doc.replaced_by ? t('office.docs.replacedBy', { number: numberOf(doc.replaced_by) }) : ''}
            </Table.Cell>
            <Table.Cell fontFamily="mono" whiteSpace="nowrap">
              {doc.number}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatInstant(lang, doc.issued_at)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{doc.refers_to ? t('office.docs.receiptNo', { number: numberOf(doc.refers_to) }) : doc.replaces ? t('office.docs.replaces', { number: numberOf(doc.replaces) }) : '-'}</Table.Cell>
            <Table.Cell>
              <DocumentDownload owner={owner} doc={doc} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}
