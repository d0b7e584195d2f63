/**
 * Documents issued to a delegate: their list, and a short-lived link to the PDF, rendered on the
 * first download from what the document says; only the owner and the office get one.
 */
import { DeleteCommand, PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentObjectKey, type IssuedDocument } from '#core/documents/model';
import { documentMessages } from '#core/documents/download';
import { namesInScripts, pdfText, sampleSpec } from '../support/pdf';
import { call, db, newDelegate, officeSession, s3Origin, userIdOf } from './support';

const T0 = '2024-09-01T02:00:00Z';

/** A document as an issuing module stores it (storage/documents.ts documentPut). */
async function seedDocument(ownerId: string, tag: string): Promise<IssuedDocument> {
  const id = `test-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const doc: IssuedDocument = {
    id,
    kind: 'receipt',
    owner_id: ownerId,
    subject: { kind: 'order', id: `order-${tag}` },
    number: 'IACR2024-0017',
    version: 1,
    issued_at: '2024-09-01T02:00:00.000Z',
    file_name: 'IACR2024-receipt-IACR2024-0017.pdf',
    spec: sampleSpec,
    replaces: null,
    refers_to: null,
    object_key: documentObjectKey(ownerId, id),
    rendered_at: null,
    replaced_by: null,
  };
  await db().send(new PutCommand({ TableName: 'congress', Item: { pk: `USER#${ownerId}`, sk: `DOC#${id}`, entity: 'document', ...doc } }));
  seeded.push({ pk: `USER#${ownerId}`, sk: `DOC#${id}` });
  return doc;
}

/**
 * The seeded documents go at the end: they stand for no order's money, and the reconciliation at
 * the end of npm test checks every order's documents against its money.
 */
const seeded: { pk: string; sk: string }[] = [];
afterAll(async () => {
  for (const key of seeded) await db().send(new DeleteCommand({ TableName: 'congress', Key: key }));
});

let owner: { token: string; id: string };
let other: { token: string; id: string };
let office: { token: string };
let doc: IssuedDocument;

beforeAll(async () => {
  const [a, b] = [await newDelegate('doc-owner'), await newDelegate('doc-other')];
  owner = { token: a.token, id: await userIdOf(a.token) };
  other = { token: b.token, id: await userIdOf(b.token) };
  office = await officeSession('documents', T0);
  doc = await seedDocument(owner.id, 'a');
}, 60_000);

describe('GET /documents', () => {
  it("lists the caller's documents without their storage details", async () => {
    const r = await call<{ items: Record<string, unknown>[] }>('GET', '/documents', { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.data.items).toEqual([
      expect.objectContaining({ id: doc.id, kind: 'receipt', number: 'IACR2024-0017', title: 'Receipt', file_name: doc.file_name, subject: doc.subject }),
    ]);
    expect(r.body.data.items[0]).not.toHaveProperty('object_key');
    expect(r.body.data.items[0]).not.toHaveProperty('spec');
    expect((await call<{ items: unknown[] }>('GET', '/documents', { token: other.token })).body.data.items).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/documents')).status).toBe(401);
  });
});

describe('GET /documents/{id}', () => {
  it('links the owner to the PDF, rendered on the first download with what the document says', async () => {
    const r = await call<{ url: string; file_name: string }>('GET', `/documents/${doc.id}`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.data.file_name).toBe(doc.file_name);
    expect(r.body.data.url.startsWith(s3Origin())).toBe(true);
    const pdf = await fetch(r.body.data.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(doc.file_name);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of [namesInScripts.chinese, namesInScripts.polish, 'IACR2024-0017']) expect(text).toContain(expected);
    // A document stored without its Chinese (issued before decision 0062) prints as it was issued: English only.
    expect(doc.spec.zh).toBeUndefined();
    expect(text).not.toMatch(/收据|统一社会信用代码/);
    const stored = await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${owner.id}`, sk: `DOC#${doc.id}` } }));
    expect(stored.Item?.rendered_at).toEqual(expect.any(String));
    // A second download links to the same file.
    const again = await call<{ url: string }>('GET', `/documents/${doc.id}`, { token: owner.token });
    expect(Buffer.compare(Buffer.from(await (await fetch(again.body.data.url)).arrayBuffer()), Buffer.from(await (await fetch(r.body.data.url)).arrayBuffer()))).toBe(0);
  });

  it("answers another delegate's document, an unknown one and a malformed id as not found", async () => {
    for (const [token, id] of [
      [other.token, doc.id],
      [owner.token, 'test-unknown'],
      [owner.token, '..%2F..%2Fx'],
    ] as const) {
      const r = await call('GET', `/documents/${id}`, { token });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ message: documentMessages.notFound });
    }
  });
});

describe('the office', () => {
  it("lists and links any delegate's documents", async () => {
    const list = await call<{ items: { id: string }[] }>('GET', `/office/documents/${owner.id}`, { token: office.token, at: T0 });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((d) => d.id)).toEqual([doc.id]);
    const link = await call<{ url: string }>('GET', `/office/documents/${owner.id}/${doc.id}`, { token: office.token, at: T0 });
    expect(link.status).toBe(200);
    expect((await fetch(link.body.data.url)).status).toBe(200);
    const wrongOwner = await call('GET', `/office/documents/${other.id}/${doc.id}`, { token: office.token, at: T0 });
    expect(wrongOwner.status).toBe(404);
  });

  it('is closed to delegates', async () => {
    expect((await call('GET', `/office/documents/${owner.id}/${doc.id}`, { token: owner.token })).status).toBe(403);
    expect((await call('GET', `/office/documents/${owner.id}`, { token: owner.token })).status).toBe(403);
  });
});
