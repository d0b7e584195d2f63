/**
 * /office/import: the bank statement import. The organiser chooses the bank's CSV (and maps its
 * columns once: remembered for the next file, with the bank's reference column and how the file
 * writes amounts, which the page reads from the file's unambiguous amounts) or a CAMT.053 XML
 * file; the server matches each line to an order by its payment reference and books it like a
 * confirmed transfer. A line that may be a transfer another file brought already is held: the
 * organiser books it as a transfer of its own or discards it. Lines it could not book are listed
 * with their reason, to assign to an order or discard with a note; lines booked with another
 * amount than the order awaited are listed too.
 */
import { Badge, Box, Button, Card, Field, HStack, Heading, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type Resolver } from 'react-hook-form';
import { amountFormatId, amountFormatOfId, amountFormats, inferAmountFormat, type AmountFormat, type InferredFormat } from '#core/office/amount-format';
import type { StatementImportView, StatementLineView } from '#core/office/import-statement';
import { discardLineBody, orderSearchQuery, toCents } from '#core/office/schemas';
import { lineAssignmentConfirmation, type Confirmation } from '#core/office/confirmations';
import { csvMappingSchema, decodeStatement, isXml, mappingFields, mappingFormat, statementLimits, statementMessages, type CsvMapping, type CsvTable, type MappingField } from '#core/office/statement';
import { readCsvTable } from '#lib/statements/csv-reader';
import { formatWireUsd } from '#core/money';
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { TextAreaField, TextField } from '../../components/form/fields';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { officeApi, secondFactorKey, statementsKey, type OrderForLine, type StatementImportResult } from './api';
import { OfficeFrame } from './office-frame';
import { ConfirmationText } from './action-card';

type Outcome = { status: 'success' | 'error'; text: string } | null;

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'request failure.');

const fieldLabels: Record<MappingField, string> = {
  date: 'Date',
  amount: 'Amount',
  currency: 'Currency',
  payer: 'Payer',
  reference: 'Reference text',
  bank_reference: "Bank's transaction reference",
};

/** Words banks use in their headers, to offer a first mapping when none is remembered. */
const guesses: Record<MappingField, RegExp> = {
  date: /date|datum|日期|valuta|booking/i,
  amount: /amount|betrag|金额|credit|sum/i,
  currency: /currency|ccy|währung|币种|curr/i,
  payer: /payer|name|auftraggeber|付款|remitter|counterparty|debtor/i,
  reference: /^(?!.*(bank|transaction|trans\.?|txn) ?(ref|id)).*(reference|text|purpose|memo|zweck|附言|摘要|remittance|details|description)/i,
  bank_reference: /bank ?ref|transaction ?(ref|id)|trans\.? ?ref|txn ?(ref|id)|acct ?svcr|流水号|交易参考号|buchungsreferenz/i,
};

function firstMapping(columns: string[], remembered: CsvMapping | null): CsvMapping {
  const pick = (f: MappingField) => {
    const known = remembered?.[f];
    if (known && columns.includes(known)) return known;
    return columns.find((c) => guesses[f].test(c)) ?? '';
  };
  return { date: pick('date'), amount: pick('amount'), currency: pick('currency'), payer: pick('payer'), reference: pick('reference'), bank_reference: pick('bank_reference') };
}

/** How each amount format reads, for the organiser: short enough for a select at phone width. */
function formatLabel(f: AmountFormat): string {
  const example = `${f.grouping ? `1${f.grouping}234` : '1234'}${f.decimal}56`;
  return `${example} (decimal ${f.decimal === '.' ? 'point' : 'comma'})`;
}

/** The non-empty cells of a column, with the line each is on. */
function columnCells(table: CsvTable, column: string) {
  const index = table.rows[0]?.cells.map((c) => c.trim()).indexOf(column) ?? -1;
  if (index < 0) return [];
  return table.rows.slice(1).flatMap(({ line, cells }) => (cells[index]?.trim() ? [{ line, value: cells[index]! }] : []));
}

/** What the page says it read of the file's amounts. */
function inferenceText(inferred: InferredFormat | null): { status: 'info' | 'warning'; text: string } | null {
  if (!inferred) return null;
  switch (inferred.kind) {
    case 'known':
      return { status: 'info', text: `Read from the file: line ${inferred.evidence.line} writes "${inferred.evidence.value}".` };
    case 'none':
      return { status: 'info', text: 'No amount of this file has a separator: every format reads them the same.' };
    case 'ambiguous':
      return { status: 'warning', text: `Line ${inferred.example.line} writes "${inferred.example.value}", which could be read two ways: check that the format chosen is the bank's.` };
    case 'conflict':
      return {
        status: 'warning',
        text: `The file writes amounts in two ways (line ${inferred.a.line}: "${inferred.a.value}", line ${inferred.b.line}: "${inferred.b.value}"): lines that do not fit the format chosen refuse the file.`,
      };
  }
}

function base64Of(bytes: Uint8Array) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A line's result in words. */
function lineResult(line: StatementLineView): string {
  if (line.state === 'booked') {
    const status = line.status_name ? ` Order status after it: ${line.status_name}.` : '';
    const difference = Number(line.difference);
    const kept = line.kept_distinct ? ` Booked as a transfer of its own by ${line.kept_distinct.by}.` : '';
    if (line.outcome === 'shortfall') return `Booked to ${line.reference}: ${formatWireUsd(String(-difference))} short of what it awaited.${status}${kept}`;
    if (line.outcome === 'surplus') return `Booked to ${line.reference}: ${formatWireUsd(line.difference)} more than it awaited (to be refunded).${status}${kept}`;
    return `Booked to ${line.reference}.${status}${kept}`;
  }
  if (line.state === 'discarded') return `Discarded by ${line.resolved_by}: ${line.note}`;
  if (line.state === 'booking') return 'Being booked: assign it again to finish.';
  if (line.state === 'new') return 'Being read: import the file again to finish.';
  return line.reason_text ?? '';
}

const amountOf = (line: StatementLineView) => (line.currency === 'USD' ? formatWireUsd(line.amount) : `${line.currency} ${line.amount}`);

function LineCells(props: { line: StatementLineView }) {
  const { line } = props;
  return (
    <>
      <Table.Cell whiteSpace="nowrap">{line.date}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {amountOf(line)}
      </Table.Cell>
      <Table.Cell minW="9rem">{line.payer}</Table.Cell>
      <Table.Cell minW="12rem" wordBreak="break-word">
        {line.text}
      </Table.Cell>
    </>
  );
}

/** Every line of one import, with what became of it. */
function ImportLines(props: { result: StatementImportResult; title: ReactNode }) {
  const { result } = props;
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {props.title}
      </Heading>
      {result.lines.length === 0 ? (
        <Text color="gray.700">No line of money in was new in this file.</Text>
      ) : (
        <ResultTable label={`Lines of ${result.import.file_name}`} lines={result.lines} />
      )}
    </Stack>
  );
}

/** Lines with what became of each (booked, and to which order, or why listed). */
function ResultTable(props: { label: string; lines: StatementLineView[] }) {
  return (
    <ScrollTable label={props.label} size="sm" aria-label={props.label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Payer</Table.ColumnHeader>
          <Table.ColumnHeader>Text</Table.ColumnHeader>
          <Table.ColumnHeader>Result</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.lines.map((line) => (
          <Table.Row key={line.id}>
            <LineCells line={line} />
            <Table.Cell minW="14rem">{lineResult(line)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

/** Choose the file, map the CSV's columns (remembered), import; a long file is sent again until done. */
function ImportCard(props: { remembered: CsvMapping | null; onImported: (result: StatementImportResult) => void }) {
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array; columns: string[] | null; table: CsvTable | null } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [progress, setProgress] = useState<string | null>(null);
  /** The format the organiser chose, when it differs from what the page proposes. */
  const [chosenFormat, setChosenFormat] = useState<string | null>(null);
  const [formatMissing, setFormatMissing] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<CsvMapping>({
    resolver: zodResolver(csvMappingSchema) as Resolver<CsvMapping>,
    defaultValues: { date: '', amount: '', currency: '', payer: '', reference: '', bank_reference: '' },
  });
  const amountColumn = useWatch({ control: form.control, name: 'amount' });
  // What the file's amounts say of their format (decision 0037): proposed; the remembered one when they do not say.
  const inferred = useMemo(() => (file?.table && amountColumn ? inferAmountFormat(columnCells(file.table, amountColumn)) : null), [file, amountColumn]);
  const remembered = mappingFormat(props.remembered ?? undefined);
  const proposed = inferred?.kind === 'known' ? amountFormatId(inferred.format) : remembered ? amountFormatId(remembered) : inferred?.kind === 'none' ? amountFormatId(amountFormats[5]!) : '';
  const formatId = chosenFormat ?? proposed;
  const said = inferenceText(inferred);

  const choose = async (chosen: File | undefined) => {
    setOutcome(null);
    setFile(null);
    if (!chosen) return;
    // The same limit and words as the server's, before anything is read or sent.
    if (chosen.size > statementLimits.maxBytes) return setOutcome({ status: 'error', text: statementMessages.tooLarge(chosen.size) });
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    setChosenFormat(null);
    setFormatMissing(false);
    try {
      const text = decodeStatement(bytes);
      // The same reader as the server's (csv-parse): the header for the mapping, the amounts for their format.
      const table = isXml(text) ? null : readCsvTable(text, statementLimits.maxRows + 1);
      const columns = table ? (table.rows[0]?.cells.map((c) => c.trim()) ?? []) : null;
      if (columns) form.reset(firstMapping(columns, props.remembered));
      setFile({ name: chosen.name, bytes, columns, table });
    } catch (error) {
      setOutcome({ status: 'error', text: (error as Error).message });
    }
  };

  const run = async (mapping: CsvMapping | undefined) => {
    if (!file) return setOutcome({ status: 'error', text: statementMessages.empty });
    setOutcome(null);
    const body = { file_name: file.name, content_base64: base64Of(file.bytes), ...(mapping ? { mapping: { ...mapping, currency: mapping.currency || undefined, bank_reference: mapping.bank_reference || undefined } } : {}) };
    try {
      // Sent again while the server says it is still working through the lines (each answer moves on).
      for (let done = -1, stalled = 0; stalled < 3; ) {
        const { message, data } = await officeApi.importStatement(body);
        if (data.import.state === 'done') {
          setProgress(null);
          setOutcome({ status: 'success', text: message });
          props.onImported(data);
          return;
        }
        stalled = data.import.done_lines > done ? 0 : stalled + 1;
        done = data.import.done_lines;
        setProgress(message);
      }
      setProgress(null);
      setOutcome({ status: 'error', text: 'The import does not move on. Please try again in a minute: what was imported stays, the rest follows.' });
    } catch (error) {
      setProgress(null);
      if (isCancelled(error)) return;
      if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
      setOutcome({ status: 'error', text: errorText(error) });
    }
  };
  const submit = form.handleSubmit((mapping) => {
    if (!file?.columns) return run(undefined);
    const format = amountFormatOfId(formatId);
    setFormatMissing(!format);
    if (!format) return;
    return run({ ...mapping, decimal: format.decimal, grouping: format.grouping });
  });
  const columns = file?.columns;

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Import a bank statement</Card.Title>
        <Card.Description>
          The bank&apos;s CSV export (UTF-8) or a CAMT.053 XML file, up to {statementLimits.maxRows.toLocaleString('en-US')} lines. Importing a file again, or one that overlaps an
          earlier one, changes nothing.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <FormProvider {...form}>
          <FormStack gap="4" onSubmit={(e) => void submit(e)} noValidate aria-label="Import a bank statement">
            <Field.Root>
              <Field.Label htmlFor="statement-file">Statement file</Field.Label>
              <input id="statement-file" type="file" accept=".csv,.txt,.xml,text/csv,application/xml,text/xml" style={{ maxWidth: '100%' }} onChange={(e) => void choose(e.target.files?.[0])} />
              <Field.HelperText>CSV or CAMT.053 XML, at most 4 MB.</Field.HelperText>
            </Field.Root>
            {file && !columns && <Text>CAMT.053 statement: no columns to map.</Text>}
            {columns && (
              <Stack gap="3" role="group" aria-label="Columns of the file">
                <Text>Which column holds what (remembered for the next file):</Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {mappingFields.map((f) => (
                    <MappingSelect key={f} name={f} label={fieldLabels[f]} columns={columns} optional={f === 'currency' || f === 'bank_reference'} />
                  ))}
                  <Field.Root required invalid={formatMissing && !formatId}>
                    <Field.Label>
                      Decimal and thousands separators
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={formatId} onChange={(e) => setChosenFormat(e.target.value)}>
                        <option value="">Choose the format...</option>
                        {amountFormats.map((f) => (
                          <option key={amountFormatId(f)} value={amountFormatId(f)}>
                            {formatLabel(f)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {said && (
                      <Field.HelperText color={said.status === 'warning' ? 'orange.800' : undefined} data-testid="amount-format-read">
                        {said.text}
                      </Field.HelperText>
                    )}
                    <Field.ErrorText>Choose how the file writes its amounts: they are read in it (0.650 is not 650.00).</Field.ErrorText>
                  </Field.Root>
                </SimpleGrid>
              </Stack>
            )}
            <Box>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!file}>
                Import the statement
              </Button>
            </Box>
            {progress && <Text role="status">{progress}</Text>}
            {outcome && (
              <FormAlert status={outcome.status} title={outcome.status === 'error' ? 'Not imported' : 'Imported'}>
                {outcome.text}
              </FormAlert>
            )}
          </FormStack>
        </FormProvider>
      </Card.Body>
    </Card.Root>
  );
}

function MappingSelect(props: { name: keyof CsvMapping; label: string; columns: string[]; optional: boolean }) {
  const { register, formState } = useFormContext<CsvMapping>();
  const error = (formState.errors[props.name] as { message?: string } | undefined)?.message;
  return (
    <Field.Root invalid={Boolean(error)} required={!props.optional}>
      <Field.Label>
        {props.label}
        {!props.optional && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register(props.name)}>
          <option value="">{props.name === 'bank_reference' ? '(none: known by date, amount and reference)' : props.optional ? '(none: every line is in USD)' : 'Choose a column...'}</option>
          {props.columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The search and the assignment of one listed line. */
function AssignPanel(props: { line: StatementLineView; onDone: (message: string) => void }) {
  const [found, setFound] = useState<OrderForLine[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const search = useForm<{ q: string }>({ resolver: zodResolver(orderSearchQuery) as Resolver<{ q: string }>, defaultValues: { q: '' } });
  const submit = search.handleSubmit(async ({ q }) => {
    setOutcome(null);
    try {
      setFound((await officeApi.searchOrdersForLine(q)).items);
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: errorText(error) });
    }
  });
  // Booking a line moves money: the organiser confirms what it does to the order first.
  const [asking, setAsking] = useState<{ order: OrderForLine; confirmation: Confirmation } | null>(null);
  const [shown, setShown] = useState<Confirmation | null>(null);
  const ask = (order: OrderForLine) => {
    const confirmation = lineAssignmentConfirmation(props.line, { order_no: order.order_no, delegate: order.delegate, email: order.email }, toCents(order.awaited ?? order.amount_required), toCents(props.line.amount));
    setShown(confirmation);
    setAsking({ order, confirmation });
  };
  const assign = async (order: OrderForLine) => {
    try {
      const { message } = await officeApi.assignLine(props.line.id, order.reference);
      props.onDone(message);
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: errorText(error) });
    }
  };
  return (
    <Stack gap="3">
      <FormProvider {...search}>
        <FormStack gap="3" onSubmit={(e) => void submit(e)} noValidate aria-label="Find the order">
          <TextField<{ q: string }> name="q" label="Order number, payment reference or e-mail" required autoComplete="off" helper="e.g. R24-000123 or the delegate's e-mail address (exact)." />
          <Box>
            <Button type="submit" variant="outline" loading={search.formState.isSubmitting}>
              Find the order
            </Button>
          </Box>
        </FormStack>
      </FormProvider>
      {found && found.length === 0 && <Text role="status">No order found.</Text>}
      {found && found.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Orders found">
          {found.map((order) => (
            <Box as="li" key={order.reference} borderWidth="1px" rounded="md" p="3">
              <Text fontWeight="semibold">
                {order.order_no} · {order.reference}
              </Text>
              <Text fontSize="sm">
                {order.delegate || '(no name)'} · <Box as="span" wordBreak="break-all">{order.email}</Box>
              </Text>
              <Text fontSize="sm" color="gray.700">
                {order.status_name}; {formatWireUsd(order.amount_required)}
                {order.awaited ? `; awaits ${formatWireUsd(order.awaited)}` : ''}
              </Text>
              {order.can_assign ? (
                <Button size="sm" mt="2" onClick={() => ask(order)}>
                  Assign to {order.order_no}...
                </Button>
              ) : (
                <Text fontSize="sm" mt="1">
                  Not waiting for a transfer: it cannot take this money.
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {outcome && (
        <FormAlert status="error" title="Not assigned">
          {outcome.text}
        </FormAlert>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={shown?.title ?? ''}
        confirmLabel={shown?.confirmLabel ?? ''}
        confirmPalette="brand"
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          if (!asking) return;
          await assign(asking.order);
          setAsking(null);
        }}
      >
        <ConfirmationText confirmation={shown} />
      </ConfirmDialog>
    </Stack>
  );
}

function DiscardPanel(props: { line: StatementLineView; onDone: (message: string) => void; note?: string }) {
  const form = useForm<{ note: string }>({ resolver: zodResolver(discardLineBody) as Resolver<{ note: string }>, defaultValues: { note: props.note ?? '' } });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = form.handleSubmit(async ({ note }) => {
    setOutcome(null);
    try {
      const { message } = await officeApi.discardLine(props.line.id, note);
      props.onDone(message);
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: errorText(error) });
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack gap="3" onSubmit={(e) => void submit(e)} noValidate aria-label="Discard the line">
        <TextAreaField<{ note: string }> name="note" label="Why it is set aside" required rows={2} helper='e.g. "sent back to the payer", "not for the congress".' />
        <Box>
          <Button type="submit" variant="outline" colorPalette="red" loading={form.formState.isSubmitting}>
            Discard the line
          </Button>
        </Box>
        {outcome && (
          <FormAlert status="error" title="Not discarded">
            {outcome.text}
          </FormAlert>
        )}
      </FormStack>
    </FormProvider>
  );
}

/** The lines no order could take: assign each to an order, or discard it with a note. */
function OpenLines(props: { lines: StatementLineView[]; onChanged: () => void }) {
  const [picked, setPicked] = useState<{ id: string; mode: 'assign' | 'discard' } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const line = props.lines.find((l) => l.id === picked?.id);
  const resolved = (message: string) => {
    setPicked(null);
    setDone(message);
    props.onChanged();
  };
  return (
    <Stack gap="3">
      <Heading as="h2" size="xl">
        Lines to resolve
      </Heading>
      {done && (
        <FormAlert status="success" title="Done">
          {done}
        </FormAlert>
      )}
      {props.lines.length === 0 ? (
        <Text color="gray.700">Nothing to resolve: every imported line is booked or discarded.</Text>
      ) : (
        <ScrollTable label="Lines to resolve" size="sm" aria-label="Lines to resolve">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Payer</Table.ColumnHeader>
              <Table.ColumnHeader>Text</Table.ColumnHeader>
              <Table.ColumnHeader>Why it is listed</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>Actions</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.lines.map((l) => (
              <Table.Row key={l.id} aria-selected={picked?.id === l.id || undefined}>
                <LineCells line={l} />
                <Table.Cell minW="14rem">{lineResult(l)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Button size="sm" variant="outline" aria-label={`Assign the line of ${amountOf(l)} from ${l.payer || 'an unnamed payer'}`} onClick={() => (setDone(null), setPicked({ id: l.id, mode: 'assign' }))}>
                      Assign...
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Discard the line of ${amountOf(l)} from ${l.payer || 'an unnamed payer'}`} onClick={() => (setDone(null), setPicked({ id: l.id, mode: 'discard' }))}>
                      Discard...
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {line && picked && (
        <Card.Root id="resolve-line">
          <Card.Header>
            <Card.Title as="h3">
              {picked.mode === 'assign' ? 'Assign' : 'Discard'} {amountOf(line)} from {line.payer || 'an unnamed payer'} ({line.date})
            </Card.Title>
            <Card.Description>{line.text || '(no text)'}</Card.Description>
          </Card.Header>
          <Card.Body>
            {picked.mode === 'assign' ? <AssignPanel key={line.id} line={line} onDone={resolved} /> : <DiscardPanel key={line.id} line={line} onDone={resolved} />}
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

/** Where a line came from, in words: "line 3 of august.xml". */
const whereFrom = (line: Pick<StatementLineView, 'row' | 'import_id' | 'format'>, fileNames: Map<string, string>) =>
  `${line.format === 'camt053' ? 'entry' : 'line'} ${line.row} of ${fileNames.get(line.import_id) ?? 'another import'}`;

/**
 * Lines held as possible duplicates of a line of another file (decision 0036): booked only when
 * the organiser says the bank received that money twice; otherwise discarded as the same transfer.
 */
function HeldLines(props: { lines: StatementLineView[]; fileNames: Map<string, string>; onChanged: () => void }) {
  const [confirming, setConfirming] = useState<StatementLineView | null>(null);
  const [discarding, setDiscarding] = useState<string | null>(null);
  const [done, setDone] = useState<Outcome>(null);
  if (props.lines.length === 0 && !done) return null;
  const resolved = (message: string) => {
    setDiscarding(null);
    setDone({ status: 'success', text: message });
    props.onChanged();
  };
  const book = async (line: StatementLineView) => {
    try {
      const { message } = await officeApi.bookLine(line.id);
      setDone({ status: 'success', text: message });
      props.onChanged();
    } catch (error) {
      if (!isCancelled(error)) setDone({ status: 'error', text: errorText(error) });
    } finally {
      setConfirming(null);
    }
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="held-lines">
      <Heading as="h2" size="xl" id="held-lines">
        Possible duplicates to decide
      </Heading>
      <Text color="gray.700" maxW="48rem">
        Each of these lines agrees with a line of another file on date, amount, currency and reference: it may be the same transfer exported twice (the day&apos;s CSV and
        its CAMT.053). It is booked only if you say the bank received that money twice.
      </Text>
      {done && (
        <FormAlert status={done.status} title={done.status === 'error' ? 'Not done' : 'Done'}>
          {done.text}
        </FormAlert>
      )}
      {props.lines.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Possible duplicates">
          {props.lines.map((l) => {
            const d = l.duplicate_of;
            const what = `the line of ${amountOf(l)} from ${l.payer || 'an unnamed payer'} on ${l.date}`;
            return (
              <Box as="li" key={l.id} borderWidth="1px" borderColor="orange.300" rounded="md" p="4" aria-label={`Possible duplicate: ${what}`}>
                <Stack gap="2">
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette="orange" size="lg">
                      Possible duplicate
                    </Badge>
                    <Text fontWeight="semibold">
                      {amountOf(l)} · {l.date}
                    </Text>
                    <Text fontSize="sm" color="gray.700">
                      {whereFrom(l, props.fileNames)}
                    </Text>
                  </HStack>
                  <Text wordBreak="break-word">
                    {l.payer || '(no payer)'} · {l.text || '(no text)'}
                  </Text>
                  <Text>{l.reason_text}</Text>
                  <HStack gap="2" wrap="wrap">
                    <Button size="sm" onClick={() => (setDone(null), setConfirming(l))} aria-label={`Book ${what} as a transfer of its own`}>
                      Book as a transfer of its own...
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-expanded={discarding === l.id}
                      aria-label={`Discard ${what} as the same transfer`}
                      onClick={() => (setDone(null), setDiscarding(discarding === l.id ? null : l.id))}
                    >
                      Discard as the same transfer...
                    </Button>
                  </HStack>
                  {discarding === l.id && (
                    <DiscardPanel key={l.id} line={l} onDone={resolved} note={d ? `The same transfer as line ${d.row} of ${d.file_name}` : 'The same transfer as in another file'} />
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Book it as a transfer of its own?"
        confirmLabel="Book the transfer"
        onConfirm={() => (confirming ? book(confirming) : undefined)}
        onClose={() => setConfirming(null)}
      >
        {confirming && (
          <Stack gap="2">
            <Text>
              {amountOf(confirming)} from {confirming.payer || 'an unnamed payer'} on {confirming.date} is booked
              {confirming.duplicate_of?.order_no ? ` to the order it names (the other line was booked to ${confirming.duplicate_of.order_no})` : ' to the order it names'}, and the delegate is
              mailed.
            </Text>
            <Text>Book it only if the bank received this money twice. If it is line {confirming.duplicate_of?.row} of {confirming.duplicate_of?.file_name} exported again, discard it.</Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

function DifferingLines(props: { lines: StatementLineView[] }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="xl">
        Booked with another amount
      </Heading>
      {props.lines.length === 0 ? (
        <Text color="gray.700">Every booked line brought exactly what its order awaited.</Text>
      ) : (
        <ResultTable label="Booked with another amount" lines={props.lines} />
      )}
    </Stack>
  );
}

function ImportDetail(props: { id: string }) {
  const detail = useQuery({ queryKey: [...statementsKey, props.id], queryFn: () => officeApi.statementImport(props.id) });
  if (detail.isPending) return <Text color="gray.700">Loading the lines...</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The lines could not be loaded." />;
  return <ImportLines result={detail.data} title={`Lines of ${detail.data.import.file_name}`} />;
}

function Imports(props: { imports: StatementImportView[] }) {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Stack gap="3">
      <Heading as="h2" size="xl">
        Imports
      </Heading>
      {props.imports.length === 0 ? (
        <Text color="gray.700">No statement has been imported yet.</Text>
      ) : (
        <ScrollTable label="Imports" size="sm" aria-label="Imports">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>File</Table.ColumnHeader>
              <Table.ColumnHeader>Imported</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Money in</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">New</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Booked</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Listed</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Known before</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Money out</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>Action</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.imports.map((i) => (
              <Table.Row key={i.id}>
                <Table.Cell minW="10rem" wordBreak="break-all">
                  {i.file_name}
                  {i.state === 'running' && (
                    <Text fontSize="sm" color="orange.800">
                      Not finished ({i.done_lines} of {i.lines}): import the file again to go on.
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell minW="10rem">
                  {formatCstInstant(i.finished_at ?? i.created_at)}
                  <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                    {i.created_by}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{i.lines}</Table.Cell>
                <Table.Cell textAlign="end">{i.new_lines}</Table.Cell>
                <Table.Cell textAlign="end">{i.booked}</Table.Cell>
                <Table.Cell textAlign="end">
                  {i.listed}
                  {i.held > 0 && (
                    <Text fontSize="sm" color="orange.800" whiteSpace="nowrap">
                      {i.held} held
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{i.known}</Table.Cell>
                <Table.Cell textAlign="end">{i.debits}</Table.Cell>
                <Table.Cell>
                  <Button size="sm" variant="outline" onClick={() => setShown(shown === i.id ? null : i.id)} aria-expanded={shown === i.id} aria-label={`Lines of ${i.file_name}`}>
                    {shown === i.id ? 'Hide lines' : 'Lines'}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {props.imports.length >= statementLimits.importsListed && (
        <Text fontSize="sm" color="gray.700">
          The {statementLimits.importsListed} most recent imports are listed. Importing an older file again shows what became of each of its lines.
        </Text>
      )}
      {shown && <ImportDetail id={shown} />}
    </Stack>
  );
}

function StatementImport() {
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: statementsKey, queryFn: officeApi.statements });
  const [last, setLast] = useState<StatementImportResult | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: statementsKey });
  if (overview.isPending) return <Text color="gray.700">Loading the statement imports...</Text>;
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} title="The statement imports could not be loaded." />;
  const fileNames = new Map(overview.data.imports.map((i) => [i.id, i.file_name]));
  return (
    <Stack gap="8">
      <ImportCard
        remembered={overview.data.mapping}
        onImported={(result) => {
          setLast(result);
          refresh();
        }}
      />
      {last && <ImportLines result={last} title={`What became of each line of ${last.import.file_name}`} />}
      <HeldLines lines={overview.data.open.filter((l) => l.held)} fileNames={fileNames} onChanged={refresh} />
      <OpenLines lines={overview.data.open.filter((l) => !l.held)} onChanged={refresh} />
      <DifferingLines lines={overview.data.differs} />
      <Imports imports={overview.data.imports} />
    </Stack>
  );
}

export default function ImportPage() {
  return (
    <OfficeFrame title="Statement import">
      <StatementImport />
    </OfficeFrame>
  );
}
