/**
 * Uploads that are signed but never confirmed: each holds one of a few places, is tagged pending
 * (S3's lifecycle rule deletes it after a day), can be listed and removed by its owner, and is
 * discarded once its confirmation window has passed. Signing itself is rate-limited.
 */
import { describe, expect, it } from 'vitest';
import { uploadLimits } from '#core/config/conference';
import { confirmUpload, listUnfinished, pendingMessages, removeFile, requestUpload } from '#core/uploads/uploads';
import { pdfBytes, pptxBytes } from '../../../support/files';
import { fakeUploadWorld } from './fakes';
import { EARLY, put, refusal, upload } from './helpers';

const HOUR = 3600_000;
const at = (ms: number) => new Date(EARLY.getTime() + ms);
const sign = (world: ReturnType<typeof fakeUploadWorld>, owner: string, name: string, when = EARLY) =>
  requestUpload(world.uploadDeps, owner, { purpose: 'poster', file_name: name, size: 10 }, when);

describe('unconfirmed uploads', () => {
  it('are recorded when signed, tagged pending, and untagged and released when confirmed', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes());
    expect(world.objects.tagged.has(key)).toBe(true);
    expect((await world.pending.store.list('u1')).map((p) => p.key)).toEqual([key]);
    await confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY);
    expect(world.objects.tagged.has(key)).toBe(false);
    expect(await world.pending.store.list('u1')).toEqual([]);
  });

  it(`hold at most ${uploadLimits.maxUnconfirmedPerDelegate} places per delegate`, async () => {
    const world = fakeUploadWorld();
    for (let i = 0; i < uploadLimits.maxUnconfirmedPerDelegate; i++) await sign(world, 'u1', `p${i}.pptx`);
    const error = await refusal(sign(world, 'u1', 'one-more.pptx'));
    expect([error.kind, error.message]).toEqual(['conflict', pendingMessages.tooManyUnconfirmed]);
    // Another delegate is not affected.
    await expect(sign(world, 'u2', 'p.pptx')).resolves.toBeDefined();
  });

  it('free their places once the confirmation window has passed: the next signature discards them with their objects', async () => {
    const world = fakeUploadWorld();
    const keys: string[] = [];
    for (let i = 0; i < uploadLimits.maxUnconfirmedPerDelegate; i++) keys.push(await put(world, 'u1', 'poster', `p${i}.pptx`, pptxBytes()));
    const later = at(uploadLimits.confirmWithinHours * HOUR);
    await expect(sign(world, 'u1', 'new.pptx', later)).resolves.toBeDefined();
    for (const key of keys) expect(world.objects.objects.has(key)).toBe(false);
    expect((await world.pending.store.list('u1')).map((p) => p.name)).toEqual(['new.pptx']);
  });

  it('cannot be confirmed after their window: not found, and the object is deleted', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pptxBytes());
    const late = await refusal(confirmUpload(world.uploadDeps, 'u1', 'poster', key, at(uploadLimits.confirmWithinHours * HOUR)));
    expect(late.kind).toBe('not_found');
    expect(world.objects.objects.has(key)).toBe(false);
    expect(await world.pending.store.list('u1')).toEqual([]);
  });

  it('are released when the stored object is refused', async () => {
    const world = fakeUploadWorld();
    const key = await put(world, 'u1', 'poster', 'p.pptx', pdfBytes());
    await refusal(confirmUpload(world.uploadDeps, 'u1', 'poster', key, EARLY));
    expect(await world.pending.store.list('u1')).toEqual([]);
    expect(world.objects.objects.has(key)).toBe(false);
  });

  it('are listed with abstract PDFs never saved with an abstract, and removed by their owner only', async () => {
    const world = fakeUploadWorld();
    const unconfirmed = await sign(world, 'u1', 'half.pptx');
    const pdf = await upload(world, 'u1', 'abstract', 'figure.pdf', pdfBytes());
    await upload(world, 'u1', 'poster', 'done.pptx', pptxBytes());
    const list = await listUnfinished(world.uploadDeps, 'u1', EARLY);
    expect(list.items.map((i) => [i.name, i.state])).toEqual([
      ['half.pptx', 'unconfirmed'],
      ['figure.pdf', 'not-saved'],
    ]);
    expect((await refusal(removeFile(world.uploadDeps, 'u2', unconfirmed.id, EARLY))).kind).toBe('not_found');
    expect((await removeFile(world.uploadDeps, 'u1', unconfirmed.id, EARLY)).message).toBe(pendingMessages.removed);
    await removeFile(world.uploadDeps, 'u1', pdf.id, EARLY);
    expect((await listUnfinished(world.uploadDeps, 'u1', EARLY)).items).toEqual([]);
  });

  it('are not confirmed once removed (another tab removed it while it was checked)', async () => {
    const world = fakeUploadWorld();
    const signed = await sign(world, 'u1', 'p.pptx');
    world.objects.objects.set(signed.key, pptxBytes());
    await removeFile(world.uploadDeps, 'u1', signed.id, EARLY);
    expect((await refusal(confirmUpload(world.uploadDeps, 'u1', 'poster', signed.key, EARLY))).kind).toBe('not_found');
  });

  it(`are signed at most ${uploadLimits.presignsPerDelegate.limit} times an hour per delegate`, async () => {
    const world = fakeUploadWorld();
    for (let i = 0; i < uploadLimits.presignsPerDelegate.limit; i++) {
      const signed = await sign(world, 'u1', `p${i}.pptx`);
      await removeFile(world.uploadDeps, 'u1', signed.id, EARLY);
    }
    const error = await refusal(sign(world, 'u1', 'again.pptx'));
    expect([error.kind, error.message]).toEqual(['rate_limited', pendingMessages.tooManyPresigns]);
    await expect(sign(world, 'u1', 'again.pptx', at(HOUR))).resolves.toBeDefined();
  });
});
