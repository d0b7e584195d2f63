/**
 * An order's receipts and credit notes on the office's order page: number, what it is, when it
 * was issued (CST), what it refers to or replaces, and its PDF (a link valid for minutes).
 */
import { Table, Text } from '@chakra-ui/react';
import type { DocumentSummary } from '#core/documents/model';
import { formatCstInstant } from '#core/time';
import { ScrollTable } from '../../components/ui/scroll-table';
import { DocumentDownload } from '../documents/document-download';

const kindName = (doc: DocumentSummary) => (doc.kind === 'credit-note' ? 'Credit note' : doc.kind === 'receipt' ? 'Receipt' : doc.title);

export function OrderDocumentsTable({ owner, docs, beingIssued = false }: { owner: string; docs: readonly DocumentSummary[]; beingIssued?: boolean }) {
  if (beingIssued && docs.length === 0) return <Text color="gray.700" role="status">A receipt or credit note is being issued (the money-events worker); reload in a few seconds.</Text>;
  if (docs.length === 0) return <Text color="gray.700">No receipt yet: one is issued when the order's payment is confirmed.</Text>;
  const numberOf = (id: string | null) => docs.find((d) => d.id === id)?.number ?? '-';
  return (
    <ScrollTable label="Receipts and credit notes" size="sm" aria-label="Receipts and credit notes">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Document</Table.ColumnHeader>
          <Table.ColumnHeader>Number</Table.ColumnHeader>
          <Table.ColumnHeader>Issued</Table.ColumnHeader>
          <Table.ColumnHeader>Refers to</Table.ColumnHeader>
          <Table.ColumnHeader>PDF</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {docs.map((doc) => (
          <Table.Row key={doc.id}>
            <Table.Cell>
              {kindName(doc)}
              {doc.replaced_by ? ` (replaced by ${numberOf(doc.replaced_by)})` : ''}
            </Table.Cell>
            <Table.Cell fontFamily="mono" whiteSpace="nowrap">
              {doc.number}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatCstInstant(doc.issued_at)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{doc.refers_to ? `Receipt ${numberOf(doc.refers_to)}` : doc.replaces ? `Replaces ${numberOf(doc.replaces)}` : '-'}</Table.Cell>
            <Table.Cell>
              <DocumentDownload owner={owner} doc={doc} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}
