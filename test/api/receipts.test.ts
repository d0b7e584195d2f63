/**
 * Receipts and credit notes through the local server and DynamoDB Local: the gap-free numbering
 * under parallel issues, one receipt per payment however often and by whichever path its
 * confirmation arrives, a credit note when a cancellation's refund completes, and the lists
 * (the delegate's orders, the office's order page) that show them and issue any missing.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedDocument } from '#core/documents/model';
import type { DocumentNumbering } from '#core/documents/order-documents';
import { validOrder } from '../support/bodies';
import { validForm } from '../unit/core/orders/form';
import { pdfText } from '../support/pdf';
import { documentMessages } from '#core/documents/download';
import { call, control, db, dynamoOrigin, mailsTo, moneyEventsFollowed, newDelegate, officeSession, until } from './support';
import { replayEvents } from '../money/queue';
import { runReconcile, runRepair } from '../../scripts/reconcile';

/** 1 August 2024, 10:00 CST: registration open, refunds in the first tier (US$50 fee). */
const OPEN = '2024-08-01T02:00:00Z';
const TABLE = 'congress';

interface Summary {
  id: string;
  kind: string;
  number: string;
  title: string;
  refers_to: string | null;
  file_name: string;
}

/** The document numbering of the portal's storage module, in this process, against the same DynamoDB Local. */
let numbering: (sequence: string) => DocumentNumbering;
beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamoOrigin(), AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', APP_MODE: 'local' });
  numbering = (await import('#storage/document-numbers')).documentNumbering;
});

const testDocument = (n: number, owner: string): IssuedDocument => {
  const id = randomUUID();
  return {
    id,
    kind: 'receipt',
    owner_id: owner,
    subject: { kind: 'order', id: `o-${id}` },
    number: `T-${n}`,
    version: 1,
    issued_at: new Date().toISOString(),
    file_name: `T-${n}.pdf`,
    spec: { title: 'Receipt', meta: [], blocks: [], footer: '', issued_at: new Date().toISOString() },
    replaces: null,
    refers_to: null,
    object_key: `documents/${owner}/${id}.pdf`,
    rendered_at: null,
    replaced_by: null,
  };
};
const audit = (doc: IssuedDocument) => ({ action: 'receipt.issued', actor: { kind: 'system' as const, id: 'system' }, at: doc.issued_at, object: { type: 'order', id: doc.subject.id } });

async function docItems(userId: string) {
  const r = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'DOC#' }, ConsistentRead: true }));
  return (r.Items ?? []) as (IssuedDocument & { sk: string })[];
}

describe('the numbering of receipts and credit notes', () => {
  // The test documents stand for no order's money: they go at the end (the reconciliation at the end of npm test checks every order's documents).
  const owners: string[] = [];
  afterAll(async () => {
    for (const owner of owners) for (const d of await docItems(owner)) await db().send(new DeleteCommand({ TableName: TABLE, Key: { pk: `USER#${owner}`, sk: d.sk } }));
  });

  it('20 parallel issues take the next 20 numbers of the sequence: no gap, no duplicate', async () => {
    const sequence = `test-${randomUUID()}`;
    const owner = `numbering-${randomUUID()}`;
    owners.push(owner);
    const issued = await Promise.all(Array.from({ length: 20 }, (_, i) => numbering(sequence).issue({ once: `receipt:p${i}`, build: (n) => testDocument(n, owner), audit })));
    const numbers = issued.map((d) => (d === 'exists' ? 'exists' : (d.number ?? ''))).sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)));
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `T-${i + 1}`));
    const stored = await docItems(owner);
    expect(stored.map((d) => d.number).sort()).toEqual([...numbers].sort());
    const seq = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `SEQUENCE#${sequence}` } }));
    expect(seq.Items?.[0]?.n).toBe(20);
    // Each number's audit entry was written with its document.
    const entries = await Promise.all(stored.map((d) => db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#order#${d.subject.id}` } }))));
    expect(entries.map((e) => e.Count)).toEqual(stored.map(() => 1));
  });

  it('the same payment issued 8 times in parallel: one receipt, one number used', async () => {
    const sequence = `test-${randomUUID()}`;
    const owner = `once-${randomUUID()}`;
    owners.push(owner);
    const issued = await Promise.all(Array.from({ length: 8 }, () => numbering(sequence).issue({ once: 'receipt:the-payment', build: (n) => testDocument(n, owner), audit })));
    expect(issued.filter((d) => d !== 'exists')).toHaveLength(1);
    expect(issued.filter((d) => d === 'exists')).toHaveLength(7);
    expect((await docItems(owner)).map((d) => d.number)).toEqual(['T-1']);
    const next = await numbering(sequence).issue({ once: 'receipt:another', build: (n) => testDocument(n, owner), audit });
    expect(next !== 'exists' && next.number).toBe('T-2');
    const issuedFor = await numbering(sequence).issuedFor(owner);
    expect([...issuedFor.keys()].sort()).toEqual(['receipt:another', 'receipt:the-payment']);
    expect(issuedFor.get('receipt:another')).toBe(next !== 'exists' ? next.id : undefined);
  });
});

interface Buyer {
  token: string;
  email: string;
  userId: string;
  orderId: string;
}

async function buyer(tag: string, form: Record<string, unknown> = validForm()): Promise<Buyer> {
  const d = await newDelegate(tag);
  const me = await call<{ id: string }>('GET', '/get_person_info', { token: d.token });
  const order = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: OPEN, json: form });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { ...d, userId: me.body.data.id, orderId: order.body.data.id };
}

async function payByCard(b: Buyer) {
  const r = await call<{ url: string }>('POST', '/stripe-payment/generate', { token: b.token, at: OPEN, json: { id: b.orderId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const session = r.body.data.url.split('/').pop()!;
  await control('POST', `/sessions/${session}/pay`, { card: '4242424242424242' });
  return session;
}

const listed = async (b: Buyer) =>
  (await call<{ items: { id: string; payment_status: number; documents: Summary[]; documents_being_issued: boolean }[] }>('GET', '/registration', { token: b.token, at: OPEN })).body.data.items.find((i) => i.id === b.orderId)!;

describe('an order paid by card', () => {
  it('gets one receipt when its payment is confirmed, whoever confirms it and however often', async () => {
    const b = await buyer('receipt-card');
    const session = await payByCard(b);
    // Issued by the payment's path (the webhook), before anyone looks at a list.
    const [doc] = await until('receipt issued', () => docItems(b.userId), (d) => d.length === 1);
    expect(doc).toMatchObject({ kind: 'receipt', subject: { kind: 'order', id: b.orderId }, refers_to: null, replaces: null, rendered_at: null });
    expect(doc!.number).toMatch(/^IACR2024-\d{4}$/);
    expect(doc!.spec.blocks).toContainEqual({ kind: 'stamp', text: 'PAID' });
    // Stored with its Chinese beside it (decision 0062), the summary's title still the English.
    expect(doc!.spec.zh?.title).toBe('收据');
    expect(doc!.spec.zh?.blocks).toContainEqual({ kind: 'stamp', text: '已收款' });

    // The return page confirms the same payment again, and Stripe redelivers its event.
    const back = await call<{ outcome: string }>('POST', '/stripe-payment/confirm', { token: b.token, at: OPEN, json: { session_id: session } });
    expect(back.status).toBe(200);
    const events = await control<{ data: { id: string }[] }>('GET', `/events?session=${session}&type=checkout.session.completed`);
    await control('POST', `/events/${events.data[0]!.id}/redeliver`, { times: 3 });
    await until('redeliveries answered', () => control<{ data: { outcome: string }[] }>('GET', `/deliveries?event=${events.data[0]!.id}`), (d) => d.data.filter((x) => x.outcome === 'done').length >= 4);
    expect((await docItems(b.userId)).map((d) => d.number)).toEqual([doc!.number]);

    // The order list shows it; its audit entry is in the order's trail.
    const item = await listed(b);
    expect(item.payment_status).toBe(1);
    expect(item.documents).toEqual([expect.objectContaining({ id: doc!.id, kind: 'receipt', number: doc!.number, title: 'Receipt', file_name: `IACR2024-receipt-${doc!.number}.pdf` })]);
    const trail = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#order#${b.orderId}` } }));
    expect(trail.Items?.filter((e) => e.action === 'receipt.issued')).toEqual([expect.objectContaining({ after: expect.objectContaining({ number: doc!.number, document_id: doc!.id }) })]);

    // The payment-received mail links to the order list, where the receipt is.
    const mail = (await mailsTo(b.email)).find((m) => m.subject.startsWith('Payment received'));
    expect(mail?.body.text).toContain('Your receipt (PDF) is on your order list:');
    expect(mail?.body.text).toContain('/registration/list');
  });

  it('a cancellation with the policy fee gets a credit note of the refund (US$990.00), referring to the receipt', async () => {
    const b = await buyer('receipt-cancel');
    await payByCard(b);
    await until('receipt issued', () => docItems(b.userId), (d) => d.length === 1);
    const cancel = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: OPEN, json: { expected_refund: '990.00' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const docs = await until('credit note issued', () => docItems(b.userId), (d) => d.length === 2);
    const receipt = docs.find((d) => d.kind === 'receipt')!;
    const credit = docs.find((d) => d.kind === 'credit-note')!;
    expect(credit.refers_to).toBe(receipt.id);
    expect(Number(credit.number!.slice(-4))).toBeGreaterThan(Number(receipt.number!.slice(-4)));
    const table = credit.spec.blocks.find((x) => x.kind === 'table');
    expect(table).toMatchObject({ total: ['Credited and refunded', 'US$990.00'] });
    expect(credit.spec.meta).toContainEqual(['Refers to receipt', receipt.number]);
    expect(credit.spec.zh?.title).toBe('退款凭证');
    expect(credit.spec.zh?.meta).toContainEqual(['对应收据', receipt.number]);
    expect(credit.spec.zh?.blocks.find((x) => x.kind === 'table')).toMatchObject({ total: ['本次退款合计', 'US$990.00'] });
    const item = await until('order cancelled', () => listed(b), (o) => o.payment_status === -1);
    expect(item.documents.map((d) => [d.kind, d.number])).toEqual(
      expect.arrayContaining([
        ['receipt', receipt.number],
        ['credit-note', credit.number],
      ]),
    );
  });
});

describe('an order paid by bank transfer', () => {
  it('gets its receipt when the office confirms the transfer; the office order page lists it', async () => {
    const b = await buyer('receipt-transfer', validOrder());
    expect((await call('POST', `/registration/submission/transfer-payment/${b.orderId}`, { token: b.token, at: OPEN, json: { type: 'done' } })).status).toBe(200);
    const { reference } = (await call<{ order: { reference: string } }>('GET', `/registration/submission/${b.orderId}`, { token: b.token, at: OPEN })).body.data.order;
    const o = await officeSession('receipt-office', OPEN);
    expect((await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: OPEN, json: { amount: '650.00' } })).status).toBe(200);
    // Issued off the payment path by the money-events worker, seconds later.
    const [doc] = await until('receipt issued', () => docItems(b.userId), (d) => d.length === 1);
    expect(doc).toMatchObject({ kind: 'receipt' });
    const fields = doc!.spec.blocks.filter((x) => x.kind === 'fields').flatMap((x) => (x.kind === 'fields' ? x.rows : []));
    expect(fields.map(([, v]) => v).join('\n')).toContain(`payment reference ${reference}`);
    const zhFields = doc!.spec.zh!.blocks.flatMap((x) => (x.kind === 'fields' ? x.rows : []));
    expect(zhFields.map(([, v]) => v).join('\n')).toContain(`付款参考号 ${reference}`);
    const trail = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#order#${b.orderId}` } }));
    expect(trail.Items?.find((e) => e.action === 'receipt.issued')).toMatchObject({ actor: { kind: 'organiser', email: o.email } });

    const detail = await call<{ documents: Summary[] }>('GET', `/office/orders/${b.orderId}`, { token: o.token, at: OPEN });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.documents).toEqual([expect.objectContaining({ id: doc!.id, number: doc!.number, kind: 'receipt' })]);
  });
});

describe('a receipt missing after its payment', () => {
  it('is shown as being issued by the order list, which writes nothing; the event followed again issues it, once', async () => {
    const b = await buyer('receipt-missing');
    await payByCard(b);
    const [lost] = await until('receipt issued', () => docItems(b.userId), (d) => d.length === 1);
    // ...and its events done (the worker marks them after issuing): nothing of the payment in flight.
    await moneyEventsFollowed(b.userId);
    // As if issuing had failed after the payment: no document, no marker.
    const markers = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${b.userId}`, ':p': 'DOCONCE#' } }));
    for (const key of [{ pk: `USER#${b.userId}`, sk: lost!.sk }, ...(markers.Items ?? []).map((m) => ({ pk: m.pk as string, sk: m.sk as string }))]) await db().send(new DeleteCommand({ TableName: TABLE, Key: key }));
    expect(await docItems(b.userId)).toEqual([]);
    // ...and its event not done (the worker failed before marking it): it is pending again, its mail already claimed.
    const events = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${b.userId}`, ':p': 'MONEYEVENT#' } }));
    const received = (events.Items ?? []).find((e) => e.kind === 'payment-received')!;
    await db().send(new UpdateCommand({ TableName: TABLE, Key: { pk: received.pk, sk: received.sk }, UpdateExpression: 'SET #s = :p REMOVE done_at', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':p': 'pending' } }));

    // A page view issues nothing (a GET never writes): it says the receipt is being issued.
    const [first, second] = await Promise.all([listed(b), listed(b)]);
    for (const item of [first, second]) expect([item.documents, item.documents_being_issued]).toEqual([[], true]);
    expect(await docItems(b.userId)).toEqual([]);

    // The event comes again (a redelivery), twice: one receipt, a new number, no second mail.
    await replayEvents(b.userId, () => undefined);
    await replayEvents(b.userId, () => undefined);
    const docs = await until('receipt issued again', () => docItems(b.userId), (d) => d.length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await docItems(b.userId)).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: 'receipt' });
    expect(docs[0]!.number).not.toBe(lost!.number);
    const now = await listed(b);
    expect([now.documents.map((d) => d.id), now.documents_being_issued]).toEqual([[docs[0]!.id], false]);
    expect((await mailsTo(b.email)).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });

  it('is found by the reconciliation (a late event, or a missing receipt), and the repair issues it once', async () => {
    const b = await buyer('receipt-repair');
    await payByCard(b);
    const [lost] = await until('receipt issued', () => docItems(b.userId), (d) => d.length === 1);
    // ...and its events done (the worker marks them after issuing): nothing of the payment in flight.
    await moneyEventsFollowed(b.userId);
    const ownKeys = async (prefix: string) =>
      (await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${b.userId}`, ':p': prefix }, ConsistentRead: true }))).Items ?? [];
    const loseReceipt = async () => {
      for (const item of [...(await ownKeys('DOC#')), ...(await ownKeys('DOCONCE#'))]) await db().send(new DeleteCommand({ TableName: TABLE, Key: { pk: item.pk, sk: item.sk } }));
    };
    const findings = async () => (await runReconcile({ print: () => undefined, webhook: false })).disagreements.filter((d) => d.order_id === b.orderId).map((d) => d.rule);
    const repair = async () => {
      const lines: string[] = [];
      await runRepair({ print: (line) => lines.push(line), operator: 'test' });
      return lines.join('\n');
    };
    expect(await findings()).toEqual([]);

    // The receipt lost and its event pending again, written 11 minutes ago (the webhook's clock is the real one), as if the worker had failed.
    await loseReceipt();
    const received = (await ownKeys('MONEYEVENT#')).find((e) => e.kind === 'payment-received')!;
    const written = new Date(Date.now() - 11 * 60_000).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: received.pk, sk: received.sk },
        UpdateExpression: 'SET #s = :p, created_at = :at, gsi1pk = :shard, gsi1sk = :sk REMOVE done_at',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':p': 'pending', ':at': written, ':shard': 'MONEYEVENTS#pending#0', ':sk': `${written}#${b.userId}#${received.id as string}` },
      }),
    );
    expect(await findings()).toEqual(['event-followed']);
    expect(await repair()).toContain(String(received.id));
    const again = await until('receipt issued by the event handed on again', () => docItems(b.userId), (d) => d.length === 1);
    expect(again[0]!.number).not.toBe(lost!.number);
    await until('event followed', () => findings(), (f) => f.length === 0);

    // The receipt lost with its event done: the repair issues it itself.
    await loseReceipt();
    expect(await findings()).toEqual(['receipt-when-paid', 'documents-balance']);
    expect(await repair()).toMatch(/documents issued for [1-9]\d* order\(s\)/);
    expect(await docItems(b.userId)).toHaveLength(1);
    expect(await findings()).toEqual([]);
    // Still one mail of the payment: the repair sends none.
    expect((await mailsTo(b.email)).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });

  it('another delegate\'s list shows none of them', async () => {
    const other = await buyer('receipt-other');
    expect((await listed(other)).documents).toEqual([]);
  });
});

describe('downloading a receipt', () => {
  it('the owner and the office get its PDF (number, payer, amounts, PAID); another delegate gets 404', async () => {
    const b = await buyer('receipt-download', validForm({ first_name: 'Łukasz', last_name: 'Żółćiński', organization: '中国医学科学院肿瘤医院' }));
    await payByCard(b);
    const [doc] = await until('receipt issued', () => docItems(b.userId), (d) => d.length === 1);
    const link = await call<{ url: string; file_name: string }>('GET', `/documents/${doc!.id}`, { token: b.token });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.file_name).toBe(`IACR2024-receipt-${doc!.number}.pdf`);
    const pdf = await fetch(link.body.data.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).normalize('NFC');
    for (const expected of [doc!.number!, 'Dr. Łukasz Żółćiński', '中国医学科学院肿瘤医院', 'Standard rate', 'Accompanying person', 'US$1,040.00', 'PAID', 'Unified social credit code']) expect(text).toContain(expected);
    // And in Chinese: the title, a label beside its English, the stamp, an order line, a date as Chinese writes it.
    for (const expected of ['收据', '收据编号 Receipt no.', '已收款 PAID', '标准注册费', '交款人 Received from', '年', '(UTC+8)']) expect(text).toContain(expected);
    expect(text.replace(/\s+/g, '')).toContain('统一社会信用代码');
    expect(text).not.toMatch(/¥|(?<!US)\$/);

    const o = await officeSession('receipt-download-office', OPEN);
    const office = await call<{ url: string }>('GET', `/office/documents/${b.userId}/${doc!.id}`, { token: o.token, at: OPEN });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    expect((await fetch(office.body.data.url)).status).toBe(200);

    const other = await newDelegate('receipt-thief');
    const stolen = await call('GET', `/documents/${doc!.id}`, { token: other.token });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe(documentMessages.notFound);
    // Nor through the office's route without the organiser role.
    expect((await call('GET', `/office/documents/${b.userId}/${doc!.id}`, { token: other.token, at: OPEN })).status).toBe(403);
    // Two sign-ups, an organiser with a second factor, the worker's receipt and a PDF rendered: more than the 30 s default on a busy machine.
  }, 60_000);
});
