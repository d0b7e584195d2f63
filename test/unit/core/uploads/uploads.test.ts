import { describe, expect, it } from 'vitest';
import { confirmUpload, getFile, listFiles, modificationsProhibited, removeFile, requestUpload } from '#core/uploads/uploads';
import { MiB, docxBytes, pdfBytes, pptBytes, pptxBytes } from '../../../support/files';
import { fakeUploadWorld } from './fakes';
import { put, refusal } from './helpers';

const OPEN = new Date('2024-05-16T15:59:59.999Z'); // 16 May 2024 23:59:59.999 CST
const CLOSED = new Date('2024-05-16T16:00:00.000Z'); // 16 May 2024 24:00:00 CST
const LATER = new Date('2024-11-01T00:00:00Z');


describe('requestUpload', () => {
  it('signs a PUT under the owner prefix with the type of the extension, for 15 minutes', async () => {
    const world = fakeUploadWorld();
    const signed = await requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'Poster.PPTX', size: 1000 }, LATER);
    expect(signed.key).toBe('users/u1/poster/id-1/Poster.pptx');
    expect(signed.method).toBe('PUT');
    expect(signed.headers).toEqual({ 'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation' });
    expect(signed.expires_at).toBe('2024-11-01T00:15:00.000Z');
    expect(signed.url).toContain('size=1000');
  });

  it('refuses a wrong type or size with the field message, and a full purpose with the count message', async () => {
    const world = fakeUploadWorld();
    const wrong = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'a.doc', size: 10 }, OPEN));
    expect([wrong.kind, wrong.message]).toEqual(['validation', 'You can only upload  pdf max. 50 MB']);
    expect(wrong.data).toEqual({ errors: { file_name: 'You can only upload  pdf max. 50 MB' } });
    const large = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p.pptx', size: 100 * MiB + 1 }, OPEN));
    expect(large.message).toBe('File Must Smaller Than 100MB');
    for (let i = 0; i < 5; i++) expect((await confirmUpload(world.uploadDeps, 'u1', 'poster', await put(world, 'u1', 'poster', `p${i}.pptx`, pptxBytes(), OPEN), OPEN)).name).toBe(`p${i}.pptx`);
    const sixth = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p6.pptx', size: 10 }, OPEN));
    expect([sixth.kind, sixth.message]).toEqual(['conflict', 'Maximum 5 Files Upload.']);
    // Another delegate is not affected.
    await expect(requestUpload(world.uploadDeps, 'u2', { purpose: 'poster', file_name: 'p.pptx', size: 10 }, OPEN)).resolves.toBeDefined();
  });

  it('takes abstract files until 23:59:59.999 CST on 16 May 2024 and refuses them from 24:00; posters have no deadline', async () => {
    const world = fakeUploadWorld();
    await expect(requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 10 }, OPEN)).resolves.toBeDefined();
    const late = await refusal(requestUpload(world.uploadDeps, 'u1', { purpose: 'abstract', file_name: 'a.pdf', size: 10 }, CLOSED));
    expect([late.kind, late.message]).toEqual(['forbidden', modificationsProhibited]);
    await expect(requestUpload(world.uploadDeps, 'u1', { purpose: 'poster', file_name: 'p.pptx', size: 10 }, LATER)).resolves.toBeDefined();
  });
});

describe('confirmUpload', () => {
  it('records a real file and answers it with a download link', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'oral', 'talk.ppt', pptBytes(), OPEN);
    const file = await confirmUpload(world.uploadDeps, 'u1', 'oral', key, OPEN);
    expect(file).toMatchObject({ id: 'id-1', name: 'talk.ppt', size: 4096, purpose: 'oral', uploaded_at: OPEN.toISOString() });
    expect(file.url).toContain(key);
    expect(world.objects.objects.has(key)).toBe(true);
    expect((await listFiles(world.uploadDeps, 'u1', 'oral')).map((f) => f.id)).toEqual(['id-1']);
    expect(await listFiles(world.uploadDeps, 'u1', 'poster')).toEqual([]);
  });

  it.each([
    ['a Word file named .pptx', 'poster', 'p.pptx', docxBytes(), 'The file is not a valid PowerPoint (ppt or pptx) presentation.'],
    ['a PDF named .pptx', 'oral', 'o.pptx', pdfBytes(), 'The file is not a valid PowerPoint (ppt or pptx) presentation.'],
    ['text named .ppt', 'oral', 'o.ppt', Buffer.from('not a presentation at all'), 'The file is not a valid PowerPoint (ppt or pptx) presentation.'],
    ['a pptx named .pdf', 'abstract', 'a.pdf', pptxBytes(), 'The file is not a valid PDF document.'],
  ] as const)('refuses %s and deletes it', async (_name, purpose, fileName, bytes, message) => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', purpose, fileName, bytes, OPEN);
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', purpose, key, OPEN));
    expect([error.kind, error.message]).toEqual(['validation', message]);
    expect(world.objects.objects.has(key)).toBe(false);
    expect(await world.files.store.count('u1', purpose)).toBe(0);
  });

  it('refuses an object larger than the limit (past a stand-in that does not check) and deletes it', async () => {
    const world = fakeUploadWorld();
    const signed = await requestUpload(world.uploadDeps, 'u1', { purpose: 'oral', file_name: 'o.pptx', size: 1000 }, OPEN);
    world.objects.objects.set(signed.key, pptxBytes(20 * MiB + 1));
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'oral', signed.key, OPEN));
    expect([error.kind, error.message]).toEqual(['too_large', 'File Must Smaller Than 20MB']);
    expect(world.objects.objects.has(signed.key)).toBe(false);
  });

  it("answers not found for another delegate's key, another purpose or a missing object, and deletes nothing", async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes(), OPEN);
    for (const attempt of [
      confirmUpload(world.uploadDeps, 'u2', 'poster', key, OPEN),
      confirmUpload(world.uploadDeps, 'u1', 'oral', key, OPEN),
      confirmUpload(world.uploadDeps, 'u1', 'poster', 'users/u1/poster/nope/p.pptx', OPEN),
    ]) {
      expect((await refusal(attempt)).kind).toBe('not_found');
    }
    expect(world.objects.objects.has(key)).toBe(true);
  });

  it('reads two small ranges of a large pptx, never the file', async () => {
    const world = fakeUploadWorld();
    const bytes = pptxBytes(30 * MiB);
    const key = await put(world, 'u1', 'poster', 'big.pptx', bytes, OPEN);
    await confirmUpload(world.uploadDeps, 'u1', 'poster', key, OPEN);
    expect(world.objects.reads).toEqual(['0-7', `${bytes.length - 65_557}-${bytes.length - 1}`]);
  });

  it('answers the same file when confirmed twice, counting it once', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes(), OPEN);
    const a = await confirmUpload(world.uploadDeps, 'u1', 'poster', key, OPEN);
    const b = await confirmUpload(world.uploadDeps, 'u1', 'poster', key, OPEN);
    expect(b.id).toBe(a.id);
    expect(await world.files.store.count('u1', 'poster')).toBe(1);
  });

  it('refuses a sixth file that was signed before the fifth was recorded, and deletes it', async () => {
    const world = fakeUploadWorld();
    const keys = [];
    for (let i = 0; i < 6; i++) keys.push(await put(world, 'u1', 'poster', `p${i}.pptx`, pptxBytes(), OPEN));
    for (const key of keys.slice(0, 5)) await confirmUpload(world.uploadDeps, 'u1', 'poster', key, OPEN);
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'poster', keys[5]!, OPEN));
    expect([error.kind, error.message]).toEqual(['conflict', 'Maximum 5 Files Upload.']);
    expect(world.objects.objects.has(keys[5]!)).toBe(false);
  });

  it('refuses to confirm an abstract file after the deadline', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'abstract', 'a.pdf', pdfBytes(), OPEN);
    const error = await refusal(confirmUpload(world.uploadDeps, 'u1', 'abstract', key, CLOSED));
    expect([error.kind, error.message]).toEqual(['forbidden', modificationsProhibited]);
  });
});

describe('getFile and removeFile', () => {
  it('only the owner gets a link or removes; removal frees the place and deletes the object', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes(), OPEN);
    const file = await confirmUpload(world.uploadDeps, 'u1', 'poster', key, OPEN);
    expect((await refusal(getFile(world.uploadDeps, 'u2', file.id))).kind).toBe('not_found');
    expect((await refusal(removeFile(world.uploadDeps, 'u2', file.id, OPEN))).kind).toBe('not_found');
    expect((await refusal(removeFile(world.uploadDeps, 'u1', file.id, OPEN, 'oral'))).kind).toBe('not_found');
    expect((await getFile(world.uploadDeps, 'u1', file.id)).url).toContain(key);

    expect(await removeFile(world.uploadDeps, 'u1', file.id, LATER, 'poster')).toEqual({ message: 'The file has been removed.' });
    expect(world.objects.objects.has(key)).toBe(false);
    expect(await world.files.store.count('u1', 'poster')).toBe(0);
  });

  it('keeps a file a saved abstract holds, and abstract files after the deadline', async () => {
    const world = fakeUploadWorld();
    const file = await confirmUpload(world.uploadDeps, 'u1', 'abstract', await put(world, 'u1', 'abstract', 'a.pdf', pdfBytes(), OPEN), OPEN);
    expect((await refusal(removeFile(world.uploadDeps, 'u1', file.id, CLOSED))).message).toBe(modificationsProhibited);
    world.files.hold('u1', [file.id], 'abstract-1');
    const held = await refusal(removeFile(world.uploadDeps, 'u1', file.id, OPEN));
    expect(held.kind).toBe('conflict');
    expect(await world.files.store.count('u1', 'abstract')).toBe(1);
  });
});
