/**
 * The upload mechanism through the local server, DynamoDB Local and s3rver: presign checks,
 * the browser's PUT straight to S3, and the confirmation that re-checks every stored object
 * (s3rver enforces none of the signed limits, so these checks are what keeps them locally).
 */
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { uploadLimits } from '#core/config/conference';
import { uploadMessages } from '#core/uploads/rules';
import { modificationsProhibited, pendingMessages } from '#core/uploads/uploads';
import { MiB, docxBytes, pdfBytes, pptBytes, pptxBytes } from '../support/files';
import { call, newDelegate, putFile, s3Origin, uploadFile, type Presigned, type UploadedFile } from './support';

const poster = uploadMessages('poster');
const oral = uploadMessages('oral');
const pdf = uploadMessages('abstract');
/** Abstract files change only before 16 May 2024 24:00 CST (= 16:00 UTC). */
const BEFORE = '2024-05-16T15:59:59Z';
const AT_DEADLINE = '2024-05-16T16:00:00Z';

describe('presign', () => {
  it('signs a PUT under the owner prefix, with the type of the extension and a short expiry', async () => {
    const { token } = await newDelegate('presign');
    const me = await call<{ id: string }>('GET', '/get_person_info', { token });
    const r = await call<Presigned>('POST', '/uploads/presign', {
      token,
      json: { purpose: 'poster', file_name: 'My poster.PPTX', size: 1234, content_type: 'application/octet-stream' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const data = r.body.data;
    expect(data.method).toBe('PUT');
    expect(data.key).toMatch(new RegExp(`^users/${me.body.data.id}/poster/[\\w-]+/My poster\\.pptx$`));
    expect(data.headers).toEqual({
      'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'if-none-match': '*',
      'x-amz-tagging': 'upload=pending',
    });
    const url = new URL(data.url);
    // Length, type, write-once and the pending tag are signed: on AWS, S3 refuses any other size,
    // type or tag, or a second PUT.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match;x-amz-tagging');
    expect(url.searchParams.has('x-amz-tagging')).toBe(false);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    const minutes = (Date.parse(data.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('refuses a wrong type, an oversize declaration, an empty file and an unknown purpose', async () => {
    const { token } = await newDelegate('presign-refuse');
    const presign = (json: object, at?: string) => call('POST', '/uploads/presign', { token, json, at });
    expect((await presign({ purpose: 'poster', file_name: 'poster.pdf', size: 100 })).body).toMatchObject({ code: 422, message: poster.wrongType });
    expect((await presign({ purpose: 'oral', file_name: 'talk.key', size: 100 })).body).toMatchObject({ code: 422, message: oral.wrongType });
    expect((await presign({ purpose: 'abstract', file_name: 'abstract.docx', size: 100 }, BEFORE)).body).toMatchObject({
      code: 422,
      message: 'You can only upload  pdf max. 50 MB',
    });
    expect((await presign({ purpose: 'poster', file_name: 'big.pptx', size: 100 * MiB + 1 })).body).toMatchObject({
      code: 422,
      message: 'File Must Smaller Than 100MB',
    });
    expect((await presign({ purpose: 'oral', file_name: 'big.pptx', size: 20 * MiB + 1 })).body.message).toBe('File Must Smaller Than 20MB');
    expect((await presign({ purpose: 'abstract', file_name: 'big.pdf', size: 50 * MiB + 1 }, BEFORE)).body.message).toBe('File Must Smaller Than 50MB');
    expect((await presign({ purpose: 'poster', file_name: 'empty.pptx', size: 0 })).body.message).toBe(poster.empty);
    expect((await presign({ purpose: 'avatar', file_name: 'me.png', size: 10 })).body).toMatchObject({ code: 422, message: 'Unknown upload purpose.' });
    expect((await presign({ purpose: 'poster', file_name: 'a.pptx', size: 100 * MiB })).status).toBe(200);
  });

  it('needs a delegate', async () => {
    const r = await call('POST', '/uploads/presign', { json: { purpose: 'poster', file_name: 'a.pptx', size: 10 } });
    expect(r.status).toBe(401);
  });

  it('abstract files change only before the deadline: 23:59:59 CST yes, 24:00:00 CST no', async () => {
    const { token } = await newDelegate('presign-deadline');
    const json = { purpose: 'abstract', file_name: 'a.pdf', size: 1000 };
    expect((await call('POST', '/uploads/presign', { token, json, at: BEFORE })).status).toBe(200);
    const late = await call('POST', '/uploads/presign', { token, json, at: AT_DEADLINE });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(modificationsProhibited);
    // A file uploaded in time cannot be confirmed after the deadline either.
    const { key } = await putFile(token, 'abstract', 'late.pdf', pdfBytes(), BEFORE);
    const confirm = await call('POST', '/upload', { token, json: { key }, at: AT_DEADLINE });
    expect(confirm.body).toMatchObject({ code: 403, message: modificationsProhibited });
    // It can never be confirmed, so it is not kept.
    expect((await call('POST', '/upload', { token, json: { key }, at: BEFORE })).status).toBe(404);
  });
});

describe('confirm', () => {
  it('records a real pptx, a real ppt and a real PDF and answers id, name and a download link', async () => {
    const { token } = await newDelegate('confirm');
    const bytes = pptxBytes(64 * 1024);
    const r = await uploadFile(token, 'poster', 'Poster final.pptx', bytes);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Poster final.pptx', size: bytes.length });
    const download = await fetch(r.body.data.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="Poster final.pptx"');

    expect((await uploadFile(token, 'oral', 'talk.ppt', pptBytes())).status).toBe(200);
    // Names in any script survive the key, the list and the download header.
    const chinese = await uploadFile(token, 'oral', '肝癌发病趋势.pptx', pptxBytes());
    expect(chinese.status, JSON.stringify(chinese.body)).toBe(200);
    expect(chinese.body.data.name).toBe('肝癌发病趋势.pptx');
    const chineseDownload = await fetch(chinese.body.data.url);
    expect(chineseDownload.status).toBe(200);
    expect(chineseDownload.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('肝癌发病趋势.pptx')}`);
    const abstractFile = await uploadFile(token, 'abstract', 'figure.pdf', pdfBytes(), BEFORE);
    expect(abstractFile.status, JSON.stringify(abstractFile.body)).toBe(200);

    const posters = await call<UploadedFile[]>('GET', '/poster/upload', { token });
    expect(posters.body.data.map((f) => f.name)).toEqual(['Poster final.pptx']);
    const orals = await call<UploadedFile[]>('GET', '/oral/upload', { token });
    expect(orals.body.data.map((f) => f.name)).toEqual(['talk.ppt', '肝癌发病趋势.pptx']);
  });

  it('is idempotent: confirming the same key again answers the same file', async () => {
    const { token } = await newDelegate('confirm-twice');
    const { key } = await putFile(token, 'oral', 'talk.pptx', pptxBytes());
    const first = await call<UploadedFile>('POST', '/oral/upload', { token, json: { key } });
    const second = await call<UploadedFile>('POST', '/oral/upload', { token, json: { key } });
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await call<UploadedFile[]>('GET', '/oral/upload', { token })).body.data).toHaveLength(1);
  });

  it('refuses bytes that are not what the name says, and deletes them', async () => {
    const { token } = await newDelegate('confirm-fake');
    const cases = [
      { purpose: 'poster', path: '/poster/upload', name: 'poster.pptx', bytes: docxBytes(), message: poster.notReal },
      { purpose: 'oral', path: '/oral/upload', name: 'talk.pptx', bytes: pdfBytes(), message: oral.notReal },
      { purpose: 'oral', path: '/oral/upload', name: 'talk.ppt', bytes: Buffer.from('just text, not a presentation'), message: oral.notReal },
      { purpose: 'abstract', path: '/upload', name: 'abstract.pdf', bytes: pptxBytes(), message: pdf.notReal },
    ] as const;
    for (const c of cases) {
      const { key } = await putFile(token, c.purpose, c.name, c.bytes, BEFORE);
      const r = await call('POST', c.path, { token, json: { key }, at: BEFORE });
      expect(r.status, `${c.name}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.message).toBe(c.message);
      const again = await call('POST', c.path, { token, json: { key }, at: BEFORE });
      expect(again.body, 'the refused object is deleted').toMatchObject({ code: 404, message: pdf.notFound });
    }
    expect((await call<UploadedFile[]>('GET', '/poster/upload', { token })).body.data).toEqual([]);
  });

  it('refuses an object larger than the limit that got past the stand-in, and deletes it', async () => {
    const { token } = await newDelegate('confirm-large');
    // Declared small, uploaded large: real S3 refuses this PUT (signed length); s3rver stores it.
    const { key } = await putFile(token, 'oral', 'talk.pptx', pptxBytes(20 * MiB + 1024), undefined, 1000);
    const r = await call('POST', '/oral/upload', { token, json: { key } });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('File Must Smaller Than 20MB');
    expect((await call('POST', '/oral/upload', { token, json: { key } })).status).toBe(404);
  });

  it('refuses an empty object, and deletes it', async () => {
    const { token } = await newDelegate('confirm-empty');
    const { key } = await putFile(token, 'poster', 'empty.pptx', Buffer.alloc(0), undefined, 100);
    const r = await call('POST', '/poster/upload', { token, json: { key } });
    expect([r.status, r.body.message]).toEqual([422, poster.empty]);
    expect((await call('POST', '/poster/upload', { token, json: { key } })).status).toBe(404);
  });

  it("refuses another delegate's key, a key of another purpose and a made-up key", async () => {
    const alice = await newDelegate('alice');
    const bob = await newDelegate('bob');
    const { key } = await putFile(alice.token, 'poster', 'poster.pptx', pptxBytes());
    expect((await call('POST', '/poster/upload', { token: bob.token, json: { key } })).body).toMatchObject({ code: 404, message: poster.notFound });
    expect((await call('POST', '/oral/upload', { token: alice.token, json: { key } })).status).toBe(404);
    expect((await call('POST', '/poster/upload', { token: alice.token, json: { key: '../../etc/passwd' } })).status).toBe(404);
    // Alice's own confirmation still works: nothing was deleted by the refusals.
    expect((await call('POST', '/poster/upload', { token: alice.token, json: { key } })).status).toBe(200);
  });

  it('keeps at most 5 files a purpose: the 6th presign is refused, and parallel confirmations claim exactly 5', async () => {
    const { token } = await newDelegate('six');
    // Six presigned while none is recorded, all uploaded, all confirmed at once.
    const puts = await Promise.all(Array.from({ length: 6 }, (_, i) => putFile(token, 'poster', `poster-${i}.pptx`, pptxBytes())));
    const confirms = await Promise.all(puts.map(({ key }) => call('POST', '/poster/upload', { token, json: { key } })));
    expect(confirms.filter((c) => c.status === 200)).toHaveLength(5);
    const refused = confirms.filter((c) => c.status !== 200);
    expect(refused.map((c) => [c.status, c.body.message])).toEqual([[409, 'Maximum 5 Files Upload.']]);
    expect((await call<UploadedFile[]>('GET', '/poster/upload', { token })).body.data).toHaveLength(5);

    const sixth = await call('POST', '/uploads/presign', { token, json: { purpose: 'poster', file_name: 'six.pptx', size: 100 } });
    expect(sixth.body).toMatchObject({ code: 409, message: 'Maximum 5 Files Upload.' });
    // Oral files are counted apart.
    expect((await call('POST', '/uploads/presign', { token, json: { purpose: 'oral', file_name: 'a.pptx', size: 100 } })).status).toBe(200);
  });
});

describe('download and removal', () => {
  it("answers 404 for another delegate's file: download, removal by id and by purpose", async () => {
    const alice = await newDelegate('alice-files');
    const bob = await newDelegate('bob-files');
    const file = (await uploadFile(alice.token, 'poster', 'poster.pptx', pptxBytes())).body.data;
    expect((await call('GET', `/uploads/${file.id}`, { token: bob.token })).status).toBe(404);
    expect((await call('DELETE', `/poster/upload/${file.id}`, { token: bob.token })).status).toBe(404);
    expect((await call('DELETE', `/uploads/${file.id}`, { token: bob.token })).status).toBe(404);
    expect((await call('DELETE', `/oral/upload/${file.id}`, { token: alice.token })).status, 'wrong purpose').toBe(404);
    const fresh = await call<UploadedFile>('GET', `/uploads/${file.id}`, { token: alice.token });
    expect(fresh.status).toBe(200);
    expect((await fetch(fresh.body.data.url)).status).toBe(200);
  });

  it('removes the record and the object, and frees the place', async () => {
    const { token } = await newDelegate('remove');
    const files = [];
    for (let i = 0; i < 5; i++) files.push((await uploadFile(token, 'oral', `talk-${i}.pptx`, pptxBytes())).body.data);
    const removed = await call('DELETE', `/oral/upload/${files[0]!.id}`, { token });
    expect(removed.body).toMatchObject({ code: 200, message: 'The file has been removed.' });
    expect((await fetch(files[0]!.url)).status, 'the object is gone').toBe(404);
    expect((await call<UploadedFile[]>('GET', '/oral/upload', { token })).body.data).toHaveLength(4);
    expect((await uploadFile(token, 'oral', 'talk-5.pptx', pptxBytes())).status, 'a place is free again').toBe(200);
    expect((await call('DELETE', `/oral/upload/${files[0]!.id}`, { token })).status).toBe(404);
  });
});

describe('unfinished uploads', () => {
  const s3 = () =>
    new S3Client({
      region: 'us-east-1',
      endpoint: s3Origin(),
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  const tagsOf = async (key: string) =>
    (await s3().send(new GetObjectTaggingCommand({ Bucket: 'congress-uploads', Key: key }))).TagSet?.map((t) => `${t.Key}=${t.Value}`) ?? [];

  it('are tagged pending in S3 until confirmed; confirmation clears the tag', async () => {
    const { token } = await newDelegate('tags');
    const { key } = await putFile(token, 'poster', 'p.pptx', pptxBytes());
    expect(await tagsOf(key!)).toEqual(['upload=pending']);
    expect((await call('POST', '/poster/upload', { token, json: { key } })).status).toBe(200);
    expect(await tagsOf(key!)).toEqual([]);
  });

  it('are listed (with abstract PDFs never saved) and can be removed, object and all', async () => {
    const { token } = await newDelegate('unfinished');
    const { presign, key } = await putFile(token, 'poster', 'half done.pptx', pptxBytes());
    const pdfFile = (await uploadFile(token, 'abstract', 'figure.pdf', pdfBytes(), BEFORE)).body.data;
    await uploadFile(token, 'oral', 'done.pptx', pptxBytes());
    type Unfinished = { items: { id: string; name: string; state: string }[]; total: number };
    const list = await call<Unfinished>('GET', '/uploads/pending', { token });
    expect(list.body.data.items.map((i) => [i.name, i.state]).sort()).toEqual([
      ['figure.pdf', 'not-saved'],
      ['half done.pptx', 'unconfirmed'],
    ]);
    const other = await newDelegate('unfinished-other');
    expect((await call('GET', '/uploads/pending', { token: other.token })).body.data).toMatchObject({ items: [], total: 0 });
    expect((await call('DELETE', `/uploads/${presign.body.data.id}`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/uploads/${presign.body.data.id}`, { token })).body.message).toBe(pendingMessages.removed);
    expect((await call('DELETE', `/uploads/${pdfFile.id}`, { token, at: BEFORE })).status).toBe(200);
    expect((await call<Unfinished>('GET', '/uploads/pending', { token })).body.data.total).toBe(0);
    expect((await fetch(`${s3Origin()}/congress-uploads/${encodeURI(key!)}`)).status).toBe(404);
    // A removed upload can no longer be confirmed.
    expect((await call('POST', '/poster/upload', { token, json: { key } })).status).toBe(404);
  });

  it(`hold at most ${uploadLimits.maxUnconfirmedPerDelegate} places, even for a burst of parallel presigns`, async () => {
    const { token } = await newDelegate('unconfirmed-cap');
    const answers = await Promise.all(
      Array.from({ length: uploadLimits.maxUnconfirmedPerDelegate + 6 }, (_, i) =>
        call('POST', '/uploads/presign', { token, json: { purpose: 'poster', file_name: `p${i}.pptx`, size: 100 } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(uploadLimits.maxUnconfirmedPerDelegate);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(6).fill(pendingMessages.tooManyUnconfirmed));
    // Once their confirmation window has passed, their places are free again.
    const later = new Date(Date.now() + (uploadLimits.confirmWithinHours * 3600 + 60) * 1000).toISOString();
    const again = await call('POST', '/uploads/presign', { token, at: later, json: { purpose: 'poster', file_name: 'new.pptx', size: 100 } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('accept a name of 100 characters outside the BMP from presign to confirmation (no orphan)', async () => {
    const { token } = await newDelegate('long-name');
    const r = await uploadFile(token, 'abstract', `${'\u{2070E}'.repeat(100)}.pdf`, pdfBytes(), BEFORE);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Kept to 200 bytes of UTF-8: 50 of these four-byte characters.
    expect(r.body.data.name).toBe(`${'\u{2070E}'.repeat(50)}.pdf`);
    expect((await call('GET', '/uploads/pending', { token })).body.data).toMatchObject({ total: 1 });
  });
});
