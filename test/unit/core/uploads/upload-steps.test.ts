import { describe, expect, it } from 'vitest';
import { AppError } from '#core/errors';
import { ZIP_TAIL_BYTES } from '#core/uploads/rules';
import {
  assertFilesChangeable,
  confirmUpload,
  fileMessages,
  getFile,
  listFiles,
  modificationsProhibited,
  removeFile,
  requestUpload,
} from '#core/uploads/uploads';
import type { FileStore, ObjectStore } from '#core/uploads/ports';
import { MiB, pdfBytes, pptBytes, pptxBytes, zipBytes } from '../../../support/files';
import { fakeUploadWorld } from './fakes';
import { CLOSED, CONGRESS, EARLY, LAST_MS, put, refusal, upload, uploadPdf } from './helpers';

const notFoundMessage = 'The file was not found. Please upload it again.';

describe('assertFilesChangeable: the abstract deadline applies to abstract files only', () => {
  it('lets abstract files change until 23:59:59.999 CST on 16 May 2024', () => {
    expect(() => assertFilesChangeable('abstract', EARLY)).not.toThrow();
    expect(() => assertFilesChangeable('abstract', LAST_MS)).not.toThrow();
  });

  it('refuses abstract files from 24:00:00 CST with a 403 "Modifications are prohibited."', () => {
    for (const at of [CLOSED, new Date('2024-05-16T16:00:00.001Z'), CONGRESS]) {
      let thrown: unknown;
      try {
        assertFilesChangeable('abstract', at);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect([(thrown as AppError).kind, (thrown as AppError).message]).toEqual(['forbidden', 'Modifications are prohibited.']);
    }
  });

  it('never refuses posters or oral slides', () => {
    for (const at of [EARLY, CLOSED, CONGRESS, new Date('2030-01-01T00:00:00Z')]) {
      expect(() => assertFilesChangeable('poster', at)).not.toThrow();
      expect(() => assertFilesChangeable('oral', at)).not.toThrow();
    }
  });
});

describe('requestUpload', () => {
  it('signs the Content-Type of the extension, under a safe name, valid for 15 minutes', async () => {
    const world = fakeUploadWorld();
    const pdf = await requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'C:\\docs\\My "abstract".PDF', size: 1234 }, EARLY);
    expect(pdf.key).toBe('users/u1/abstract/id-1/My _abstract_.pdf');
    expect(pdf.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(pdf.url).toContain('expires=900');
    expect(pdf.expires_at).toBe('2024-05-10T02:15:00.000Z');
    const ppt = await requestUpload(world.uploadDeps, 'u1', { purpose: 'oral', file_name: 'talk.ppt', size: 10 }, EARLY);
    expect(ppt.headers).toEqual({ 'content-type': 'application/vnd.ms-powerpoint' });
    expect(ppt.key).toBe('users/u1/oral/id-2/talk.ppt');
  });

  it('refuses an empty file with the field message', async () => {
    const world = fakeUploadWorld();
    const error = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p.pptx', size: 0 }, EARLY));
    expect([error.kind, error.message, error.data]).toEqual(['validation', 'The file is empty.', { errors: { file_name: 'The file is empty.' } }]);
  });

  it('signs nothing it refuses', async () => {
    const world = fakeUploadWorld();
    let signed = 0;
    const objects: ObjectStore = {
      ...world.objects.store,
      presignPut: async (...args) => {
        signed++;
        return world.objects.store.presignPut(...args);
      },
    };
    const deps = { ...world.uploadDeps, objects };
    await refusal(requestUpload(deps, 'u1', { purpose: 'abstract', file_name: 'a.doc', size: 10 }, EARLY));
    await refusal(requestUpload(deps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 50 * MiB + 1 }, EARLY));
    await refusal(requestUpload(deps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 10 }, CLOSED));
    expect(signed).toBe(0);
    await requestUpload(deps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 10 }, LAST_MS);
    expect(signed).toBe(1);
  });

  it('says "Modifications are prohibited." after the deadline whatever else is wrong with the file', async () => {
    const world = fakeUploadWorld();
    const error = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'a.doc', size: 0 }, CLOSED));
    expect([error.kind, error.message]).toEqual(['forbidden', modificationsProhibited]);
  });

  it('takes posters and oral slides during the congress', async () => {
    const world = fakeUploadWorld();
    await expect(requestUpload(world.uploadDeps, 'u1', { purpose: 'oral', file_name: 'o.pptx', size: 10 }, CONGRESS)).resolves.toMatchObject({ method: 'PUT' });
    await expect(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p.ppt', size: 10 }, CONGRESS)).resolves.toMatchObject({ method: 'PUT' });
  });

  it('counts posters and oral slides apart: five posters leave room for oral slides', async () => {
    const world = fakeUploadWorld();
    for (let i = 0; i < 5; i++) await upload(world, 'u1', 'poster', `p${i}.pptx`, pptxBytes());
    const full = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p.pptx', size: 10 }, EARLY));
    expect([full.kind, full.message]).toEqual(['conflict', 'Maximum 5 Files Upload.']);
    await expect(requestUpload(world.uploadDeps, 'u1', { purpose: 'oral', file_name: 'o.pptx', size: 10 }, EARLY)).resolves.toBeDefined();
  });

  it('takes 25 abstract files per delegate (5 x 5) and refuses the 26th with the pending-files message', async () => {
    const world = fakeUploadWorld();
    for (let i = 0; i < 25; i++) await uploadPdf(world, 'u1', `a${i}.pdf`);
    const error = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 10 }, EARLY));
    expect([error.kind, error.message]).toEqual([
      'conflict',
      'You have reached the limit of 25 files. Remove files you no longer need and try again.',
    ]);
  });
});

describe('confirmUpload: the stored object decides', () => {
  it('records the file with its stored size, the type of its extension and, for abstract files, no abstract yet', async () => {
    const world = fakeUploadWorld();
    const pdf = await uploadPdf(world, 'u1', 'Summary.PDF');
    expect(world.files.files.get(pdf.id)).toEqual({
      id: 'id-1',
      owner_id: 'u1',
      purpose: 'abstract',
      name: 'Summary.pdf',
      key: 'users/u1/abstract/id-1/Summary.pdf',
      size: pdfBytes().length,
      content_type: 'application/pdf',
      uploaded_at: EARLY.toISOString(),
      abstract_id: null,
    });
    const poster = await upload(world, 'u1', 'poster', 'p.pptx', pptxBytes(5000));
    const record = world.files.files.get(poster.id)!;
    expect(record.content_type).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(record.size).toBe(pptxBytes(5000).length);
    expect('abstract_id' in record).toBe(false);
  });

  it('answers the file with a download link valid for 10 minutes', async () => {
    const world = fakeUploadWorld();
    const file = await upload(world, 'u1', 'oral', 'talk.pptx', pptxBytes());
    expect(file.url).toBe('https://s3.test/users/u1/oral/id-1/talk.pptx?get&expires=600');
  });

  it('checks a large pptx with two small reads: its first bytes and its tail', async () => {
    const world = fakeUploadWorld();
    const bytes = pptxBytes(30 * MiB);
    const key = await put(world, 'u1', 'poster', 'big.pptx', bytes);
    await confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY);
    expect(world.objects.reads).toEqual(['0-7', `${bytes.length - ZIP_TAIL_BYTES}-${bytes.length - 1}`]);
  });

  it('reads a central directory that starts before the tail with one more read of just the directory', async () => {
    const world = fakeUploadWorld();
    // 700 parts with long names: a directory of about 150 KB, larger than the tail read.
    const parts = Array.from({ length: 700 }, (_, i) => ({ name: `ppt/slides/${String(i).padStart(4, '0')}-${'x'.repeat(140)}.xml`, data: Buffer.from('<s/>') }));
    const bytes = zipBytes([{ name: 'docProps/app.xml', data: Buffer.from('<a/>') }, ...parts]);
    const directorySize = bytes.readUInt32LE(bytes.length - 10);
    const directoryOffset = bytes.readUInt32LE(bytes.length - 6);
    expect(directorySize).toBeGreaterThan(ZIP_TAIL_BYTES);
    const key = await put(world, 'u1', 'poster', 'many-slides.pptx', bytes);
    await expect(confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY)).resolves.toMatchObject({ name: 'many-slides.pptx' });
    expect(world.objects.reads).toEqual([
      '0-7',
      `${bytes.length - ZIP_TAIL_BYTES}-${bytes.length - 1}`,
      `${directoryOffset}-${directoryOffset + directorySize - 1}`,
    ]);
  });

  it('takes a pptx whose archive has a comment', async () => {
    const world = fakeUploadWorld();
    const zip = pptxBytes(3000);
    const comment = Buffer.from('Saved by an archiver that writes comments');
    zip.writeUInt16LE(comment.length, zip.length - 2);
    const file = await upload(world, 'u1', 'oral', 'commented.pptx', Buffer.concat([zip, comment]));
    expect(world.files.files.get(file.id)?.size).toBe(zip.length + comment.length);
  });

  it('takes either PowerPoint format under either extension, as PowerPoint opens both', async () => {
    const world = fakeUploadWorld();
    await expect(upload(world, 'u1', 'poster', 'old.ppt', pptBytes())).resolves.toBeDefined();
    await expect(upload(world, 'u1', 'poster', 'old-named-new.pptx', pptBytes())).resolves.toBeDefined();
    await expect(upload(world, 'u1', 'poster', 'new-named-old.ppt', pptxBytes())).resolves.toBeDefined();
    expect(await world.files.store.count('u1', 'poster')).toBe(3);
  });

  it.each([
    ['a pptx cut short (its end record is missing)', (b: Buffer) => b.subarray(0, b.length - 10)],
    ['a zip whose directory points past its end', (b: Buffer) => (b.writeUInt32LE(b.length, b.length - 6), b)],
    ['an empty zip', () => zipBytes([])],
    ['a zip whose only part is not a slide', () => zipBytes([{ name: 'xl/workbook.xml', data: Buffer.from('<w/>') }])],
  ])('refuses %s as not a presentation and deletes it', async (_what, make) => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'oral', 'o.pptx', make(Buffer.from(pptxBytes(2000))));
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'oral', key, EARLY));
    expect([error.kind, error.message]).toEqual(['validation', 'The file is not a valid PowerPoint (ppt or pptx) presentation.']);
    expect(world.objects.objects.has(key)).toBe(false);
    expect(world.files.files.size).toBe(0);
  });

  it('refuses an OLE2 file named .pdf', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'abstract', 'a.pdf', pptBytes());
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'abstract', key, EARLY));
    expect([error.kind, error.message]).toEqual(['validation', 'The file is not a valid PDF document.']);
    expect(world.objects.objects.has(key)).toBe(false);
  });

  it('refuses an empty object and deletes it', async () => {
    const world = fakeUploadWorld();
    const signed = await requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 100 }, EARLY);
    world.objects.objects.set(signed.key, Buffer.alloc(0));
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'abstract', signed.key, EARLY));
    expect([error.kind, error.message]).toEqual(['validation', 'The file is empty.']);
    expect(world.objects.objects.has(signed.key)).toBe(false);
  });

  it('takes an object of exactly the limit and refuses one byte more as too large before looking at its type', async () => {
    const world = fakeUploadWorld();
    await expect(upload(world, 'u1', 'oral', 'exact.pptx', pptxBytes(20 * MiB))).resolves.toMatchObject({ size: 20 * MiB });
    // Signed for a small file; a stand-in that does not enforce the signed length stores more.
    const { key } = await requestUpload(world.uploadDeps, 'u1', { purpose: 'oral', file_name: 'junk.pptx', size: 1000 }, EARLY);
    world.objects.objects.set(key, Buffer.alloc(20 * MiB + 1, 0x41));
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'oral', key, EARLY));
    expect([error.kind, error.message]).toEqual(['too_large', 'File Must Smaller Than 20MB']);
    expect(world.objects.objects.has(key)).toBe(false);
    expect(await world.files.store.count('u1', 'oral')).toBe(1);
  });

  it('refuses a 26th abstract file signed before the 25th was recorded, and deletes it', async () => {
    const world = fakeUploadWorld();
    for (let i = 0; i < 20; i++) await upload(world, 'u1', 'abstract', `a${i}.pdf`, pdfBytes());
    // At most 10 uploads may be unconfirmed at once: sign 6 more, then confirm them.
    const keys: string[] = [];
    for (let i = 20; i < 26; i++) keys.push(await put(world, 'u1', 'abstract', `a${i}.pdf`, pdfBytes()));
    for (const key of keys.slice(0, 5)) await confirmUpload(world.uploadDeps, 'u1', 'abstract', key, EARLY);
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'abstract', keys[5]!, EARLY));
    expect([error.kind, error.message]).toEqual(['conflict', 'You have reached the limit of 25 files. Remove files you no longer need and try again.']);
    expect(world.objects.objects.has(keys[5]!)).toBe(false);
    expect(world.objects.objects.has(keys[4]!)).toBe(true);
    expect(await world.pending.store.list('u1')).toEqual([]);
    expect(await world.files.store.count('u1', 'abstract')).toBe(25);
  });

  it.each([
    ['a relative path', '../x'],
    ['a path that climbs out of the prefix', 'users/u1/poster/../u2/p.pptx'],
    ['an empty key', ''],
  ])('answers not found for %s and reads nothing', async (_what, key) => {
    const world = fakeUploadWorld();
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY));
    expect([error.kind, error.message]).toEqual(['not_found', notFoundMessage]);
    expect(world.objects.reads).toEqual([]);
  });

  it("answers not found for another delegate's key even after the deadline, and keeps the object", async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'abstract', 'a.pdf', pdfBytes());
    const error = await refusal(confirmUpload(world.uploadDeps, 'u2', 'abstract', key, CLOSED));
    expect([error.kind, error.message]).toEqual(['not_found', notFoundMessage]);
    expect(world.objects.objects.has(key)).toBe(true);
  });

  it('confirms an abstract file at the last millisecond', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'abstract', 'a.pdf', pdfBytes(), LAST_MS);
    await expect(confirmUpload(world.uploadDeps, 'u1', 'abstract', key, LAST_MS)).resolves.toMatchObject({ uploaded_at: LAST_MS.toISOString() });
  });

  it('answers the recorded file when a concurrent confirm recorded it first', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes());
    const pendingBefore = (await world.pending.store.list('u1'))[0]!;
    await confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY);
    // A second confirm that read "no record" and the pending upload just before the first one wrote.
    let first = true;
    const files: FileStore = {
      ...world.files.store,
      get: async (owner, id) => {
        if (!first) return world.files.store.get(owner, id);
        first = false;
        return undefined;
      },
    };
    const pending = { ...world.pending.store, get: async () => pendingBefore };
    const again = await confirmUpload({ ...world.uploadDeps, files, pending }, 'u1', 'poster', key, EARLY);
    expect(again).toMatchObject({ id: 'id-1', uploaded_at: EARLY.toISOString() });
    expect(await world.files.store.count('u1', 'poster')).toBe(1);
    expect(world.objects.objects.has(key)).toBe(true);
  });

  it('does not resurrect a removed file: its key is then not found', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes());
    const file = await confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY);
    await removeFile(world.uploadDeps, 'u1', file.id, EARLY);
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY));
    expect(error.kind).toBe('not_found');
    expect(await world.files.store.count('u1', 'poster')).toBe(0);
  });
});

describe('listFiles and getFile', () => {
  it('lists own files of one purpose, oldest first, each with a fresh link', async () => {
    const world = fakeUploadWorld();
    await upload(world, 'u1', 'poster', 'second.pptx', pptxBytes(), new Date('2024-09-02T00:00:00Z'));
    await upload(world, 'u1', 'poster', 'first.pptx', pptxBytes(), new Date('2024-09-01T00:00:00Z'));
    await upload(world, 'u1', 'poster', 'third.pptx', pptxBytes(), new Date('2024-09-03T00:00:00Z'));
    await upload(world, 'u2', 'poster', 'foreign.pptx', pptxBytes());
    await upload(world, 'u1', 'oral', 'talk.pptx', pptxBytes());
    const list = await listFiles(world.uploadDeps, 'u1', 'poster');
    expect(list.map((f) => f.name)).toEqual(['first.pptx', 'second.pptx', 'third.pptx']);
    expect(list.every((f) => f.url.endsWith('?get&expires=600') && f.url.includes('/users/u1/poster/'))).toBe(true);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name', 'purpose', 'size', 'uploaded_at', 'url']);
  });

  it('answers not found for an unknown id with the upload message', async () => {
    const world = fakeUploadWorld();
    const error = await refusal(getFile(world.uploadDeps, 'u1', 'nope'));
    expect([error.kind, error.message]).toEqual(['not_found', notFoundMessage]);
  });
});

describe('removeFile', () => {
  it('frees the place of a removed poster: a sixth can then be signed', async () => {
    const world = fakeUploadWorld();
    const files = [];
    for (let i = 0; i < 5; i++) files.push(await upload(world, 'u1', 'poster', `p${i}.pptx`, pptxBytes()));
    await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p5.pptx', size: 10 }, EARLY));
    await removeFile(world.uploadDeps, 'u1', files[2]!.id, EARLY, 'poster');
    await expect(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p5.pptx', size: 10 }, EARLY)).resolves.toBeDefined();
    expect((await listFiles(world.uploadDeps, 'u1', 'poster')).map((f) => f.name)).toEqual(['p0.pptx', 'p1.pptx', 'p3.pptx', 'p4.pptx']);
  });

  it('removes posters during the congress and pending abstract files at the last millisecond', async () => {
    const world = fakeUploadWorld();
    const poster = await upload(world, 'u1', 'poster', 'p.pptx', pptxBytes());
    const pdf = await uploadPdf(world, 'u1', 'a.pdf');
    await expect(removeFile(world.uploadDeps, 'u1', poster.id, CONGRESS)).resolves.toEqual({ message: 'The file has been removed.' });
    await expect(removeFile(world.uploadDeps, 'u1', pdf.id, LAST_MS, 'abstract')).resolves.toEqual({ message: 'The file has been removed.' });
    expect(world.objects.objects.size).toBe(0);
    expect(world.files.files.size).toBe(0);
  });

  it('refuses a file a saved abstract holds with a conflict, keeping its record and object', async () => {
    const world = fakeUploadWorld();
    const pdf = await uploadPdf(world, 'u1', 'a.pdf');
    world.files.hold('u1', [pdf.id], 'abstract-7');
    const error = await refusal(removeFile(world.uploadDeps, 'u1', pdf.id, EARLY, 'abstract'));
    expect([error.kind, error.message]).toEqual(['conflict', fileMessages.heldByAbstract]);
    expect(world.files.files.has(pdf.id)).toBe(true);
    expect(world.objects.objects.size).toBe(1);
    // Pending again (the abstract let it go), it can be removed.
    world.files.hold('u1', [pdf.id], null);
    await expect(removeFile(world.uploadDeps, 'u1', pdf.id, EARLY)).resolves.toEqual({ message: 'The file has been removed.' });
  });

  it('frees the place even when the object cannot be deleted, and logs the orphan', async () => {
    const world = fakeUploadWorld();
    const file = await upload(world, 'u1', 'oral', 'o.pptx', pptxBytes());
    const objects: ObjectStore = {
      ...world.objects.store,
      delete: async () => {
        throw new Error('S3 is down');
      },
    };
    await removeFile({ ...world.uploadDeps, objects }, 'u1', file.id, EARLY);
    expect(await world.files.store.count('u1', 'oral')).toBe(0);
    expect(world.errors).toEqual(['object not deleted']);
  });

  it('answers not found for an unknown id or the wrong purpose and removes nothing', async () => {
    const world = fakeUploadWorld();
    const file = await upload(world, 'u1', 'oral', 'o.pptx', pptxBytes());
    expect((await refusal(removeFile(world.uploadDeps, 'u1', 'nope', EARLY))).message).toBe(notFoundMessage);
    expect((await refusal(removeFile(world.uploadDeps, 'u1', file.id, EARLY, 'poster'))).kind).toBe('not_found');
    expect(world.files.files.has(file.id)).toBe(true);
  });
});
