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
import { lineAssignmentConfirmation, writeConfirmation, type Confirmation } from '#core/office/confirmations';
import {
  csvMappingSchema,
  decodeStatement,
  isXml,
  mappingFields,
  mappingFormat,
  StatementError,
  statementLimits,
  statementMessages,
  statementTexts,
  type CsvMapping,
  type CsvTable,
  type MappingField,
} from '#core/office/statement';
import { readCsvTable } from '#lib/statements/csv-reader';
import { formatWireUsd } from '#core/money';
import { formatInstant } from '#core/i18n/format';
import type { Lang } from '#core/i18n/lang';
import type { MessageId, Translate } from '#core/i18n/messages';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
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

const errorText = (t: Translate, error: unknown) => (error instanceof ApiError ? error.message : t('office.import.requestFailure'));

const fieldLabels: Record<MappingField, MessageId> = {
  date: 'office.import.field.date',
  amount: 'office.import.field.amount',
  currency: 'office.import.field.currency',
  payer: 'office.import.field.payer',
  reference: 'office.import.field.reference',
  bank_reference: 'office.import.field.bankReference',
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
function formatLabel(t: Translate, f: AmountFormat): string {
  const example = `${f.grouping ? `1${f.grouping}234` : '1234'}${f.decimal}56`;
  return t('office.import.format.label', { example, kind: f.decimal === '.' ? 'point' : 'comma' });
}

/** The non-empty cells of a column, with the line each is on. */
function columnCells(table: CsvTable, column: string) {
  const index = table.rows[0]?.cells.map((c) => c.trim()).indexOf(column) ?? -1;
  if (index < 0) return [];
  return table.rows.slice(1).flatMap(({ line, cells }) => (cells[index]?.trim() ? [{ line, value: cells[index]! }] : []));
}

/** What the page says it read of the file's amounts. */
function inferenceText(t: Translate, inferred: InferredFormat | null): { status: 'info' | 'warning'; text: string } | null {
  if (!inferred) return null;
  switch (inferred.kind) {
    case 'known':
      return { status: 'info', text: t('office.import.inferred.known', { line: String(inferred.evidence.line), value: inferred.evidence.value }) };
    case 'none':
      return { status: 'info', text: t('office.import.inferred.none') };
    case 'ambiguous':
      return { status: 'warning', text: t('office.import.inferred.ambiguous', { line: String(inferred.example.line), value: inferred.example.value }) };
    case 'conflict':
      return {
        status: 'warning',
        text: t('office.import.inferred.conflict', { lineA: String(inferred.a.line), valueA: inferred.a.value, lineB: String(inferred.b.line), valueB: inferred.b.value }),
      };
  }
}

function base64Of(bytes: Uint8Array) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A line's result in words. */
function lineResult(t: Translate, lang: Lang, line: StatementLineView): string {
  if (line.state === 'booked') {
    const status = line.status_name ? t('office.import.result.status', { status: statusName(t, line.status_name) }) : '';
    const difference = Number(line.difference);
    const kept = line.kept_distinct ? t('office.import.result.kept', { by: line.kept_distinct.by }) : '';
    const reference = line.reference ?? '';
    if (line.outcome === 'shortfall') return t('office.import.result.shortfall', { reference, amount: formatWireUsd(String(-difference)), status, kept });
    if (line.outcome === 'surplus') return t('office.import.result.surplus', { reference, amount: formatWireUsd(line.difference), status, kept });
    return t('office.import.result.booked', { reference, status, kept });
  }
  if (line.state === 'discarded') return t('office.import.result.discarded', { by: line.resolved_by ?? '', note: line.note ?? '' });
  if (line.state === 'booking') return t('office.import.result.booking');
  if (line.state === 'new') return t('office.import.result.new');
  return line.reason_text === null ? '' : reasonOf(t, lang, line);
}

/** An order's status as the server names it (core/orders/states.ts), in the page's language. */
const statusIds: Record<string, MessageId> = {
  Unpaid: 'registration.status.unpaid',
  Paid: 'registration.status.paid',
  Checking: 'registration.status.checking',
  Cancelled: 'registration.status.cancelled',
  Refunding: 'registration.status.refunding',
};
const statusName = (t: Translate, name: string) => (Object.hasOwn(statusIds, name) ? t(statusIds[name]!) : name);

/** Why a line is listed (core/office/import-statement.ts reasonText, whose English it is), in the page's language. */
function reasonOf(t: Translate, lang: Lang, line: StatementLineView): string {
  // English: the server's own words, as they are.
  if (lang === 'en') return line.reason_text ?? '';
  const reference = line.reference ?? '';
  const order = line.order_no ? t('office.import.reason.order', { no: line.order_no, reference }) : t('office.import.reason.theOrder', { reference });
  switch (line.reason) {
    case 'no-reference':
      return t('office.import.reason.noReference');
    case 'unknown-order':
      return t('office.import.reason.unknownOrder', { reference });
    case 'not-awaiting':
      return t('office.import.reason.notAwaiting', { order, status: line.status_name ? statusName(t, line.status_name) : t('office.import.reason.notWaiting') });
    case 'already-paid':
      return t('office.import.reason.alreadyPaid', { order });
    case 'cancelled':
      return t('office.import.reason.cancelled', { order, status: line.status_name ? statusName(t, line.status_name) : t('office.import.reason.cancelledDefault') });
    case 'currency':
      return t('office.import.reason.currency', { currency: line.currency });
    case 'possible-duplicate': {
      const d = line.duplicate_of;
      const what = !d
        ? ''
        : d.state === 'booked'
          ? d.order_no
            ? t('office.import.reason.duplicateBooked', { order: d.order_no })
            : t('office.import.reason.duplicateBookedNoOrder')
          : d.state === 'discarded'
            ? t('office.import.reason.duplicateDiscarded')
            : '';
      return t('office.import.reason.duplicate', { row: String(d?.row ?? '?'), file: d?.file_name || t('office.import.reason.anotherFile'), what });
    }
    default:
      return line.reason_text ?? '';
  }
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
  const t = useT();
  const { result } = props;
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {props.title}
      </Heading>
      {result.lines.length === 0 ? (
        <Text color="gray.700">{t('office.import.noNewLines')}</Text>
      ) : (
        <ResultTable label={t('office.import.linesOf', { file: result.import.file_name })} lines={result.lines} />
      )}
    </Stack>
  );
}

/** Lines with what became of each (booked, and to which order, or why listed). */
function ResultTable(props: { label: string; lines: StatementLineView[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <ScrollTable label={props.label} size="sm" aria-label={props.label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.import.col.date')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('office.import.col.amount')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.import.col.payer')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.import.col.text')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.import.col.result')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.lines.map((line) => (
          <Table.Row key={line.id}>
            <LineCells line={line} />
            <Table.Cell minW="14rem">{lineResult(t, lang, line)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

/** Choose the file, map the CSV's columns (remembered), import; a long file is sent again until done. */
function ImportCard(props: { remembered: CsvMapping | null; onImported: (result: StatementImportResult) => void }) {
  const t = useT();
  const localise = useLocalise();
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
  const said = inferenceText(t, inferred);

  const choose = async (chosen: File | undefined) => {
    setOutcome(null);
    setFile(null);
    if (!chosen) return;
    // The same limit and words as the server's, before anything is read or sent.
    if (chosen.size > statementLimits.maxBytes) {
      const said = statementTexts.tooLarge(chosen.size);
      return setOutcome({ status: 'error', text: t(said.id, said.values) });
    }
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
      setOutcome({ status: 'error', text: error instanceof StatementError && error.text ? t(error.text.id, error.text.values) : localise((error as Error).message) });
    }
  };

  const run = async (mapping: CsvMapping | undefined) => {
    if (!file) return setOutcome({ status: 'error', text: localise(statementMessages.empty) });
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
      setOutcome({ status: 'error', text: t('office.import.stalled') });
    } catch (error) {
      setProgress(null);
      if (isCancelled(error)) return;
      if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
      setOutcome({ status: 'error', text: errorText(t, error) });
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
        <Card.Title as="h2">{t('office.import.title')}</Card.Title>
        <Card.Description>{t('office.import.description', { max: statementLimits.maxRows.toLocaleString('en-US') })}</Card.Description>
      </Card.Header>
      <Card.Body>
        <FormProvider {...form}>
          <FormStack gap="4" onSubmit={(e) => void submit(e)} noValidate aria-label={t('office.import.title')}>
            <Field.Root>
              <Field.Label htmlFor="statement-file">{t('office.import.file')}</Field.Label>
              <input id="statement-file" type="file" accept=".csv,.txt,.xml,text/csv,application/xml,text/xml" style={{ maxWidth: '100%' }} onChange={(e) => void choose(e.target.files?.[0])} />
              <Field.HelperText>{t('office.import.fileHelp')}</Field.HelperText>
            </Field.Root>
            {file && !columns && <Text>{t('office.import.camtNoColumns')}</Text>}
            {columns && (
              <Stack gap="3" role="group" aria-label={t('office.import.columns')}>
                <Text>{t('office.import.columnsIntro')}</Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {mappingFields.map((f) => (
                    <MappingSelect key={f} name={f} label={t(fieldLabels[f])} columns={columns} optional={f === 'currency' || f === 'bank_reference'} />
                  ))}
                  <Field.Root required invalid={formatMissing && !formatId}>
                    <Field.Label>
                      {t('office.import.separators')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={formatId} onChange={(e) => setChosenFormat(e.target.value)}>
                        <option value="">{t('office.import.chooseFormat')}</option>
                        {amountFormats.map((f) => (
                          <option key={amountFormatId(f)} value={amountFormatId(f)}>
                            {formatLabel(t, f)}
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
                    <Field.ErrorText>{t('office.import.formatMissing')}</Field.ErrorText>
                  </Field.Root>
                </SimpleGrid>
              </Stack>
            )}
            <Box>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!file}>
                {t('office.import.submit')}
              </Button>
            </Box>
            {progress && <Text role="status">{progress}</Text>}
            {outcome && (
              <FormAlert status={outcome.status} title={outcome.status === 'error' ? t('office.import.notImported') : t('office.import.imported')}>
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
  const t = useT();
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
          <option value="">{props.name === 'bank_reference' ? t('office.import.noBankReference') : props.optional ? t('office.import.noCurrency') : t('office.import.chooseColumn')}</option>
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
  const t = useT();
  const [found, setFound] = useState<OrderForLine[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const search = useForm<{ q: string }>({ resolver: zodResolver(orderSearchQuery) as Resolver<{ q: string }>, defaultValues: { q: '' } });
  const submit = search.handleSubmit(async ({ q }) => {
    setOutcome(null);
    try {
      setFound((await officeApi.searchOrdersForLine(q)).items);
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: errorText(t, error) });
    }
  });
  // Booking a line moves money: the organiser confirms what it does to the order first.
  const [asking, setAsking] = useState<{ order: OrderForLine; confirmation: Confirmation } | null>(null);
  const [shown, setShown] = useState<Confirmation | null>(null);
  const ask = (order: OrderForLine) => {
    const confirmation = writeConfirmation(t, lineAssignmentConfirmation(props.line, { order_no: order.order_no, delegate: order.delegate, email: order.email }, toCents(order.awaited ?? order.amount_required), toCents(props.line.amount)));
    setShown(confirmation);
    setAsking({ order, confirmation });
  };
  const assign = async (order: OrderForLine) => {
    try {
      const { message } = await officeApi.assignLine(props.line.id, order.reference);
      props.onDone(message);
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: errorText(t, error) });
    }
  };
  return (
    <Stack gap="3">
      <FormProvider {...search}>
        <FormStack gap="3" onSubmit={(e) => void submit(e)} noValidate aria-label={t('office.import.find')}>
          <TextField<{ q: string }> name="q" label={t('office.import.findField')} required autoComplete="off" helper={t('office.import.findHelp')} />
          <Box>
            <Button type="submit" variant="outline" loading={search.formState.isSubmitting}>
              {t('office.import.find')}
            </Button>
          </Box>
        </FormStack>
      </FormProvider>
      {found && found.length === 0 && <Text role="status">{t('office.import.noOrderFound')}</Text>}
      {found && found.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('office.import.ordersFound')}>
          {found.map((order) => (
            <Box as="li" key={order.reference} borderWidth="1px" rounded="md" p="3">
              <Text fontWeight="semibold">
                {order.order_no} · {order.reference}
              </Text>
              <Text fontSize="sm">
                {order.delegate || t('office.import.noName')} · <Box as="span" wordBreak="break-all">{order.email}</Box>
              </Text>
              <Text fontSize="sm" color="gray.700">
                {statusName(t, order.status_name)}; {formatWireUsd(order.amount_required)}
                {order.awaited ? t('office.import.awaits', { amount: formatWireUsd(order.awaited) }) : ''}
              </Text>
              {order.can_assign ? (
                <Button size="sm" mt="2" onClick={() => ask(order)}>
                  {t('office.import.assignTo', { order: order.order_no })}
                </Button>
              ) : (
                <Text fontSize="sm" mt="1">
                  {t('office.import.cannotTake')}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {outcome && (
        <FormAlert status="error" title={t('office.import.notAssigned')}>
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
  const t = useT();
  const form = useForm<{ note: string }>({ resolver: zodResolver(discardLineBody) as Resolver<{ note: string }>, defaultValues: { note: props.note ?? '' } });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = form.handleSubmit(async ({ note }) => {
    setOutcome(null);
    try {
      const { message } = await officeApi.discardLine(props.line.id, note);
      props.onDone(message);
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: errorText(t, error) });
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack gap="3" onSubmit={(e) => void submit(e)} noValidate aria-label={t('office.import.discardForm')}>
        <TextAreaField<{ note: string }> name="note" label={t('office.import.discardNote')} required rows={2} helper={t('office.import.discardNoteHelp')} />
        <Box>
          <Button type="submit" variant="outline" colorPalette="red" loading={form.formState.isSubmitting}>
            {t('office.import.discardForm')}
          </Button>
        </Box>
        {outcome && (
          <FormAlert status="error" title={t('office.import.notDiscarded')}>
            {outcome.text}
          </FormAlert>
        )}
      </FormStack>
    </FormProvider>
  );
}

/** The lines no order could take: assign each to an order, or discard it with a note. */
function OpenLines(props: { lines: StatementLineView[]; onChanged: () => void }) {
  const t = useT();
  const lang = useLang();
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
        {t('office.import.toResolve')}
      </Heading>
      {done && (
        <FormAlert status="success" title={t('office.import.done')}>
          {done}
        </FormAlert>
      )}
      {props.lines.length === 0 ? (
        <Text color="gray.700">{t('office.import.nothingToResolve')}</Text>
      ) : (
        <ScrollTable label={t('office.import.toResolve')} size="sm" aria-label={t('office.import.toResolve')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.import.col.date')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('office.import.col.amount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.import.col.payer')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.import.col.text')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.import.col.why')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>{t('office.import.col.actions')}</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.lines.map((l) => (
              <Table.Row key={l.id} aria-selected={picked?.id === l.id || undefined}>
                <LineCells line={l} />
                <Table.Cell minW="14rem">{lineResult(t, lang, l)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Button size="sm" variant="outline" aria-label={t('office.import.assignLabel', { amount: amountOf(l), payer: l.payer || t('office.import.unnamedPayer') })} onClick={() => (setDone(null), setPicked({ id: l.id, mode: 'assign' }))}>
                      {t('office.import.assign')}
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={t('office.import.discardLabel', { amount: amountOf(l), payer: l.payer || t('office.import.unnamedPayer') })} onClick={() => (setDone(null), setPicked({ id: l.id, mode: 'discard' }))}>
                      {t('office.import.discard')}
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
              {t('office.import.resolveTitle', { mode: picked.mode, amount: amountOf(line), payer: line.payer || t('office.import.unnamedPayer'), date: line.date })}
            </Card.Title>
            <Card.Description>{line.text || t('office.import.noText')}</Card.Description>
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
const whereFrom = (t: Translate, line: Pick<StatementLineView, 'row' | 'import_id' | 'format'>, fileNames: Map<string, string>) =>
  t('office.import.whereFrom', { kind: line.format === 'camt053' ? 'entry' : 'line', row: String(line.row), file: fileNames.get(line.import_id) ?? t('office.import.anotherImport') });

/**
 * Lines held as possible duplicates of a line of another file (decision 0036): booked only when
 * the organiser says the bank received that money twice; otherwise discarded as the same transfer.
 */
function HeldLines(props: { lines: StatementLineView[]; fileNames: Map<string, string>; onChanged: () => void }) {
  const t = useT();
  const lang = useLang();
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
      if (!isCancelled(error)) setDone({ status: 'error', text: errorText(t, error) });
    } finally {
      setConfirming(null);
    }
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="held-lines">
      <Heading as="h2" size="xl" id="held-lines">
        {t('office.import.held.title')}
      </Heading>
      <Text color="gray.700" maxW="48rem">
        {t('office.import.held.intro')}
      </Text>
      {done && (
        <FormAlert status={done.status} title={done.status === 'error' ? t('office.import.notDone') : t('office.import.done')}>
          {done.text}
        </FormAlert>
      )}
      {props.lines.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t('office.import.held.list')}>
          {props.lines.map((l) => {
            const d = l.duplicate_of;
            const what = t('office.import.held.what', { amount: amountOf(l), payer: l.payer || t('office.import.unnamedPayer'), date: l.date });
            return (
              <Box as="li" key={l.id} borderWidth="1px" borderColor="orange.300" rounded="md" p="4" aria-label={t('office.import.held.itemLabel', { what })}>
                <Stack gap="2">
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette="orange" size="lg">
                      {t('office.import.held.badge')}
                    </Badge>
                    <Text fontWeight="semibold">
                      {amountOf(l)} · {l.date}
                    </Text>
                    <Text fontSize="sm" color="gray.700">
                      {whereFrom(t, l, props.fileNames)}
                    </Text>
                  </HStack>
                  <Text wordBreak="break-word">
                    {l.payer || t('office.import.noPayer')} · {l.text || t('office.import.noText')}
                  </Text>
                  <Text>{l.reason_text === null ? null : reasonOf(t, lang, l)}</Text>
                  <HStack gap="2" wrap="wrap">
                    <Button size="sm" onClick={() => (setDone(null), setConfirming(l))} aria-label={t('office.import.held.bookLabel', { what })}>
                      {t('office.import.held.book')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-expanded={discarding === l.id}
                      aria-label={t('office.import.held.discardLabel', { what })}
                      onClick={() => (setDone(null), setDiscarding(discarding === l.id ? null : l.id))}
                    >
                      {t('office.import.held.discard')}
                    </Button>
                  </HStack>
                  {discarding === l.id && (
                    <DiscardPanel key={l.id} line={l} onDone={resolved} note={d ? t('office.import.held.sameAs', { row: String(d.row), file: d.file_name }) : t('office.import.held.sameAsOther')} />
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('office.import.held.confirmTitle')}
        confirmLabel={t('office.import.held.confirm')}
        onConfirm={() => (confirming ? book(confirming) : undefined)}
        onClose={() => setConfirming(null)}
      >
        {confirming && (
          <Stack gap="2">
            <Text>
              {t('office.import.held.confirmText', {
                amount: amountOf(confirming),
                payer: confirming.payer || t('office.import.unnamedPayer'),
                date: confirming.date,
                other: confirming.duplicate_of?.order_no || 'none',
              })}
            </Text>
            <Text>{t('office.import.held.confirmOnly', { row: String(confirming.duplicate_of?.row ?? ''), file: confirming.duplicate_of?.file_name ?? '' })}</Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

function DifferingLines(props: { lines: StatementLineView[] }) {
  const t = useT();
  return (
    <Stack gap="3">
      <Heading as="h2" size="xl">
        {t('office.import.differs.title')}
      </Heading>
      {props.lines.length === 0 ? (
        <Text color="gray.700">{t('office.import.differs.none')}</Text>
      ) : (
        <ResultTable label={t('office.import.differs.title')} lines={props.lines} />
      )}
    </Stack>
  );
}

function ImportDetail(props: { id: string }) {
  const t = useT();
  const detail = useQuery({ queryKey: [...statementsKey, props.id], queryFn: () => officeApi.statementImport(props.id) });
  if (detail.isPending) return <Text color="gray.700">{t('office.import.loadingLines')}</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('office.import.linesFailed')} />;
  return <ImportLines result={detail.data} title={t('office.import.linesOf', { file: detail.data.import.file_name })} />;
}

function Imports(props: { imports: StatementImportView[] }) {
  const t = useT();
  const lang = useLang();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Stack gap="3">
      <Heading as="h2" size="xl">
        {t('office.import.imports')}
      </Heading>
      {props.imports.length === 0 ? (
        <Text color="gray.700">{t('office.import.noImports')}</Text>
      ) : (
        <ScrollTable label={t('office.import.imports')} size="sm" aria-label={t('office.import.imports')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.import.col.file')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.import.col.imported')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('office.import.col.moneyIn')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('office.import.col.new')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('office.import.col.booked')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('office.import.col.listed')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('office.import.col.known')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('office.import.col.moneyOut')}
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>{t('office.import.col.action')}</Box>
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
                      {t('office.import.notFinished', { done: String(i.done_lines), lines: String(i.lines) })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell minW="10rem">
                  {formatInstant(lang, i.finished_at ?? i.created_at)}
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
                      {t('office.import.held', { held: String(i.held) })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{i.known}</Table.Cell>
                <Table.Cell textAlign="end">{i.debits}</Table.Cell>
                <Table.Cell>
                  <Button size="sm" variant="outline" onClick={() => setShown(shown === i.id ? null : i.id)} aria-expanded={shown === i.id} aria-label={t('office.import.linesOf', { file: i.file_name })}>
                    {shown === i.id ? t('office.import.hideLines') : t('office.import.lines')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {props.imports.length >= statementLimits.importsListed && (
        <Text fontSize="sm" color="gray.700">
          {t('office.import.mostRecent', { count: String(statementLimits.importsListed) })}
        </Text>
      )}
      {shown && <ImportDetail id={shown} />}
    </Stack>
  );
}

function StatementImport() {
  const t = useT();
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: statementsKey, queryFn: officeApi.statements });
  const [last, setLast] = useState<StatementImportResult | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: statementsKey });
  if (overview.isPending) return <Text color="gray.700">{t('office.import.loading')}</Text>;
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} title={t('office.import.loadFailed')} />;
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
      {last && <ImportLines result={last} title={t('office.import.whatBecame', { file: last.import.file_name })} />}
      <HeldLines lines={overview.data.open.filter((l) => l.held)} fileNames={fileNames} onChanged={refresh} />
      <OpenLines lines={overview.data.open.filter((l) => !l.held)} onChanged={refresh} />
      <DifferingLines lines={overview.data.differs} />
      <Imports imports={overview.data.imports} />
    </Stack>
  );
}

export default function ImportPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.import.pageTitle')}>
      <StatementImport />
    </OfficeFrame>
  );
}
