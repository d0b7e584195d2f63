import { describe, expect, it } from 'vitest';
import { abstractsOpen, createAbstract, deleteAbstract, getAbstract, listAbstracts, updateAbstract } from '#core/abstracts/abstracts';
import type { AbstractStore } from '#core/abstracts/ports';
import { abstractMessages, abstractSchema, agreementValues, type AbstractData } from '#core/abstracts/schemas';
import { pptxBytes } from '../../../support/files';
import { fakeUploadWorld } from '../uploads/fakes';
import { CLOSED, CONGRESS, EARLY, LAST_MS, refusal, upload, uploadPdf } from '../uploads/helpers';

const author = { last_name: 'Zhang', first_name: 'Wei', email: 'wei@example.org', institute: 'NCC', city: 'Beijing', country: 'China' };
const coAuthor = { last_name: 'Bray', first_name: 'Freddie', email: 'f.bray@example.org', institute: 'IARC', city: 'Lyon', country: 'France' };

const form = (over: Record<string, unknown> = {}): AbstractData =>
  abstractSchema.parse({
    authors: [author, coAuthor],
    presenter_abstract: 'yes',
    title_of_abstract: 'LIVER CANCER SURVIVAL IN CHINESE REGISTRIES',
    abstract_category: 'descriptive.survival',
    keywords: 'liver cancer, survival, registry',
    abstract_body: 'Background. Methods. Results. Conclusion.',
    financial_support: 'no',
    conference_iacr_fellowship: 'no',
    conflict_of_interest_disclosure: 'None.',
    agreements: [...agreementValues],
    submitter_date: '2024-05-10',
    ...over,
  });

describe('abstractsOpen', () => {
  it('is open before and at 23:59:59.999 CST on 16 May 2024, closed at and after 24:00:00', () => {
    expect([EARLY, LAST_MS, CLOSED, CONGRESS].map(abstractsOpen)).toEqual([true, true, false, false]);
  });
});

describe('createAbstract', () => {
  it('stores the form under its owner with the time of saving and answers "Upload SUCCESS"', async () => {
    const world = fakeUploadWorld();
    const result = await createAbstract(world.abstractDeps, 'u1', form(), LAST_MS);
    expect(result).toEqual({ message: 'Upload SUCCESS', data: { id: 'id-1', confirmation_mail_sent: true } });
    expect(world.abstracts.abstracts.get('id-1')).toMatchObject({
      id: 'id-1',
      owner_id: 'u1',
      created_at: LAST_MS.toISOString(),
      updated_at: LAST_MS.toISOString(),
      title_of_abstract: 'LIVER CANCER SURVIVAL IN CHINESE REGISTRIES',
      presenter_abstract: true,
      upload_files: [],
    });
  });

  it('refuses a sixth abstract with a conflict, storing nothing, mailing nothing and leaving its files pending', async () => {
    const world = fakeUploadWorld();
    for (let i = 0; i < 5; i++) await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    const pdf = await uploadPdf(world, 'u1', 'sixth.pdf');
    const error = await refusal(createAbstract(world.abstractDeps, 'u1', form({ upload_files: [pdf.id] }), EARLY));
    expect([error.kind, error.message]).toEqual(['conflict', 'You can submit at most 5 abstracts.']);
    expect(world.abstracts.abstracts.size).toBe(5);
    expect(world.outbox).toHaveLength(5);
    expect(world.files.files.get(pdf.id)?.abstract_id).toBeNull();
  });

  it('refuses at 24:00:00 CST before looking at anything else', async () => {
    const world = fakeUploadWorld();
    const error = await refusal(createAbstract(world.abstractDeps, 'u1', form({ upload_files: ['no-such-file'] }), CLOSED));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Modifications are prohibited.']);
    expect(world.abstracts.abstracts.size).toBe(0);
  });

  it('attaches pending PDFs of its owner and marks them as held by the abstract', async () => {
    const world = fakeUploadWorld();
    const a = await uploadPdf(world, 'u1', 'a.pdf');
    const b = await uploadPdf(world, 'u1', 'b.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [b.id, a.id] }), EARLY);
    expect([world.files.files.get(a.id)?.abstract_id, world.files.files.get(b.id)?.abstract_id]).toEqual([data.id, data.id]);
    expect((await getAbstract(world.abstractDeps, 'u1', data.id, EARLY)).upload_files.map((f) => f.name)).toEqual(['b.pdf', 'a.pdf']);
  });

  it.each([
    ['an id nobody uploaded', async () => 'no-such-file'],
    ["another delegate's PDF", async (world: ReturnType<typeof fakeUploadWorld>) => (await uploadPdf(world, 'u2', 'x.pdf')).id],
    ['a poster of the same delegate', async (world: ReturnType<typeof fakeUploadWorld>) => (await upload(world, 'u1', 'poster', 'p.pptx', pptxBytes())).id],
    [
      'a PDF another abstract holds',
      async (world: ReturnType<typeof fakeUploadWorld>) => {
        const pdf = await uploadPdf(world, 'u1', 'held.pdf');
        await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [pdf.id] }), EARLY);
        return pdf.id;
      },
    ],
  ])('refuses %s as a file of the abstract, storing nothing', async (_what, fileOf) => {
    const world = fakeUploadWorld();
    const fileId = await fileOf(world);
    const before = world.abstracts.abstracts.size;
    const own = await uploadPdf(world, 'u1', 'own.pdf');
    const error = await refusal(createAbstract(world.abstractDeps, 'u1', form({ upload_files: [own.id, fileId] }), EARLY));
    expect([error.kind, error.message]).toEqual(['validation', abstractMessages.fileNotFound]);
    expect(error.data).toEqual({ errors: { upload_files: abstractMessages.fileNotFound } });
    expect(world.abstracts.abstracts.size).toBe(before);
    expect(world.files.files.get(own.id)?.abstract_id).toBeNull();
  });
});

describe('updateAbstract', () => {
  it('replaces the form, keeps the creation time and moves the update time', async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    const result = await updateAbstract(world.abstractDeps, 'u1', data.id, form({ keywords: 'one two three four' }), LAST_MS);
    expect(result).toEqual({ message: 'Upload SUCCESS', data: { id: data.id, confirmation_mail_sent: true } });
    expect(world.abstracts.abstracts.get(data.id)).toMatchObject({
      keywords: 'one two three four',
      created_at: EARLY.toISOString(),
      updated_at: LAST_MS.toISOString(),
      owner_id: 'u1',
    });
  });

  it('lets only one of two saves made from the same version through (the other answers 409)', async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    // Both read the same version, then write: the second write finds the version moved on.
    const store = world.abstractDeps.abstracts;
    const stale = await store.get('u1', data.id);
    const racing = { ...world.abstractDeps, abstracts: { ...store, get: async () => structuredClone(stale) } };
    await updateAbstract(racing, 'u1', data.id, form({ keywords: 'first save wins here' }), EARLY);
    const second = await refusal(updateAbstract(racing, 'u1', data.id, form({ keywords: 'second save loses here' }), EARLY));
    expect([second.kind, second.message]).toEqual(['conflict', abstractMessages.changedElsewhere]);
    expect(world.abstracts.abstracts.get(data.id)?.keywords).toBe('first save wins here');
    // The version moves on even within the same millisecond.
    expect(world.abstracts.abstracts.get(data.id)!.updated_at > EARLY.toISOString()).toBe(true);
  });

  it('refuses at 24:00:00 CST and leaves the abstract as it was', async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    const error = await refusal(updateAbstract(world.abstractDeps, 'u1', data.id, form({ title_of_abstract: 'LATE' }), CLOSED));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Modifications are prohibited.']);
    expect(world.abstracts.abstracts.get(data.id)?.title_of_abstract).toBe('LIVER CANCER SURVIVAL IN CHINESE REGISTRIES');
  });

  it("answers not found for an unknown id and for another delegate's abstract, changing nothing", async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    for (const [owner, id] of [
      ['u1', 'no-such-abstract'],
      ['u2', data.id],
    ] as const) {
      const error = await refusal(updateAbstract(world.abstractDeps, owner, id, form({ title_of_abstract: 'HIJACKED' }), EARLY));
      expect([error.kind, error.message]).toEqual(['not_found', 'The abstract was not found.']);
    }
    expect(world.abstracts.abstracts.get(data.id)?.title_of_abstract).toBe('LIVER CANCER SURVIVAL IN CHINESE REGISTRIES');
  });

  it('answers not found when the abstract is deleted between reading and writing, and leaves its files alone', async () => {
    const world = fakeUploadWorld();
    const pdf = await uploadPdf(world, 'u1', 'a.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [pdf.id] }), EARLY);
    const abstracts: AbstractStore = { ...world.abstracts.store, update: async () => 'missing' };
    const error = await refusal(updateAbstract({ ...world.abstractDeps, abstracts }, 'u1', data.id, form(), EARLY));
    expect(error.kind).toBe('not_found');
    expect(world.files.files.get(pdf.id)?.abstract_id).toBe(data.id);
  });

  it('keeps the files it still lists, attaches new pending ones and deletes only the ones dropped from it', async () => {
    const world = fakeUploadWorld();
    const kept = await uploadPdf(world, 'u1', 'kept.pdf');
    const dropped = await uploadPdf(world, 'u1', 'dropped.pdf');
    const other = await uploadPdf(world, 'u1', 'other-abstract.pdf');
    const pending = await uploadPdf(world, 'u1', 'pending.pdf');
    const added = await uploadPdf(world, 'u1', 'added.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [kept.id, dropped.id] }), EARLY);
    const { data: second } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [other.id] }), EARLY);

    await updateAbstract(world.abstractDeps, 'u1', data.id, form({ upload_files: [kept.id, added.id] }), EARLY);

    expect(world.files.files.has(dropped.id)).toBe(false);
    expect([...world.objects.objects.keys()].filter((k) => k.includes(`/${dropped.id}/`))).toEqual([]);
    expect(world.files.files.get(kept.id)?.abstract_id).toBe(data.id);
    expect(world.files.files.get(added.id)?.abstract_id).toBe(data.id);
    expect(world.files.files.get(other.id)?.abstract_id).toBe(second.id);
    expect(world.files.files.get(pending.id)?.abstract_id).toBeNull();
    expect(await world.files.store.count('u1', 'abstract')).toBe(4);
    expect(world.abstracts.abstracts.get(data.id)?.upload_files).toEqual([kept.id, added.id]);
  });

  it('refuses a file of another abstract and drops nothing', async () => {
    const world = fakeUploadWorld();
    const mine = await uploadPdf(world, 'u1', 'mine.pdf');
    const theirs = await uploadPdf(world, 'u1', 'theirs.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [mine.id] }), EARLY);
    await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [theirs.id] }), EARLY);
    const error = await refusal(updateAbstract(world.abstractDeps, 'u1', data.id, form({ upload_files: [theirs.id] }), EARLY));
    expect([error.kind, error.message]).toEqual(['validation', abstractMessages.fileNotFound]);
    expect(world.files.files.has(mine.id)).toBe(true);
    expect(world.abstracts.abstracts.get(data.id)?.upload_files).toEqual([mine.id]);
  });
});

describe('deleteAbstract', () => {
  it('deletes the abstract and its files only, frees its place and answers the spec message', async () => {
    const world = fakeUploadWorld();
    const held = await uploadPdf(world, 'u1', 'held.pdf');
    const pending = await uploadPdf(world, 'u1', 'pending.pdf');
    const other = await uploadPdf(world, 'u1', 'other.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [held.id] }), EARLY);
    await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [other.id] }), EARLY);

    expect(await deleteAbstract(world.abstractDeps, 'u1', data.id, LAST_MS)).toEqual({ message: 'The abstract has been deleted.' });
    expect(world.abstracts.abstracts.has(data.id)).toBe(false);
    expect(world.files.files.has(held.id)).toBe(false);
    expect([...world.objects.objects.keys()].some((k) => k.includes(`/${held.id}/`))).toBe(false);
    expect(world.files.files.has(pending.id)).toBe(true);
    expect(world.files.files.has(other.id)).toBe(true);
    expect(await world.files.store.count('u1', 'abstract')).toBe(2);
  });

  it('answers not found the second time, and for another delegate', async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    expect((await refusal(deleteAbstract(world.abstractDeps, 'u2', data.id, EARLY))).kind).toBe('not_found');
    await deleteAbstract(world.abstractDeps, 'u1', data.id, EARLY);
    const again = await refusal(deleteAbstract(world.abstractDeps, 'u1', data.id, EARLY));
    expect([again.kind, again.message]).toEqual(['not_found', 'The abstract was not found.']);
    expect((await refusal(getAbstract(world.abstractDeps, 'u1', data.id, EARLY))).kind).toBe('not_found');
  });

  it('refuses at 24:00:00 CST and keeps the abstract and its files', async () => {
    const world = fakeUploadWorld();
    const pdf = await uploadPdf(world, 'u1', 'a.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [pdf.id] }), EARLY);
    const error = await refusal(deleteAbstract(world.abstractDeps, 'u1', data.id, CLOSED));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Modifications are prohibited.']);
    expect(world.abstracts.abstracts.has(data.id)).toBe(true);
    expect(world.files.files.has(pdf.id)).toBe(true);
  });
});

describe('getAbstract and listAbstracts', () => {
  it('answers the form with the category name and described files, without its owner', async () => {
    const world = fakeUploadWorld();
    const pdf = await uploadPdf(world, 'u1', 'figure.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [pdf.id] }), EARLY);
    const open = await getAbstract(world.abstractDeps, 'u1', data.id, LAST_MS);
    expect(open).not.toHaveProperty('owner_id');
    expect(open.abstract_category_name).toBe('Descriptive epidemiology: Survival and prognosis');
    expect(open.upload_files).toEqual([
      { id: pdf.id, name: 'figure.pdf', size: pdf.size, purpose: 'abstract', uploaded_at: EARLY.toISOString(), url: expect.stringContaining(`/${pdf.id}/figure.pdf`) },
    ]);
    expect(open.editable).toBe(true);
    expect((await getAbstract(world.abstractDeps, 'u1', data.id, CLOSED)).editable).toBe(false);
  });

  it('lists own abstracts oldest first with their file counts, the cap and whether they can change', async () => {
    const world = fakeUploadWorld();
    const pdf = await uploadPdf(world, 'u1', 'a.pdf');
    await createAbstract(world.abstractDeps, 'u1', form({ title_of_abstract: 'SECOND', upload_files: [pdf.id] }), new Date('2024-05-12T00:00:00Z'));
    await createAbstract(world.abstractDeps, 'u1', form({ title_of_abstract: 'FIRST' }), new Date('2024-05-11T00:00:00Z'));
    await createAbstract(world.abstractDeps, 'u2', form({ title_of_abstract: 'FOREIGN' }), EARLY);
    const list = await listAbstracts(world.abstractDeps, 'u1', CLOSED);
    expect(list.items.map((a) => [a.title_of_abstract, a.files])).toEqual([
      ['FIRST', 0],
      ['SECOND', 1],
    ]);
    expect(list.items[0]).toMatchObject({ abstract_category: 'descriptive.survival', abstract_category_name: 'Descriptive epidemiology: Survival and prognosis' });
    expect([list.total, list.max, list.editable]).toEqual([2, 5, false]);
  });
});

describe('confirmation mails', () => {
  it('lists the authors, presenters and files of the abstract, with the deadline', async () => {
    const world = fakeUploadWorld();
    const a = await uploadPdf(world, 'u1', 'tables.pdf');
    const b = await uploadPdf(world, 'u1', 'figures.pdf');
    const presenter = { ...coAuthor, first_name: 'Ana', last_name: 'Silva' };
    await createAbstract(world.abstractDeps, 'u1', form({ presenter_abstract: 'no', presenter_infos: [presenter], upload_files: [b.id, a.id] }), EARLY);
    const [mail] = world.outbox;
    expect(mail!.to).toBe('u1@example.org');
    expect(mail!.subject).toBe('Abstract received: LIVER CANCER SURVIVAL IN CHINESE REGISTRIES');
    expect(mail!.text).toContain('Authors:\n- Wei Zhang (NCC, Beijing, China)\n- Freddie Bray (IARC, Lyon, France)\n');
    expect(mail!.text).toContain('Presenters:\n- Ana Silva\n');
    expect(mail!.text).toContain('Files:\n- figures.pdf\n- tables.pdf\n');
    expect(mail!.text).toContain('Category: Descriptive epidemiology: Survival and prognosis');
    expect(mail!.text).toContain('You can change or withdraw the abstract until 16 May 2024, 24:00 CST (UTC+8).');
  });

  it('has no presenters section when the first author presents', async () => {
    const world = fakeUploadWorld();
    await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    expect(world.outbox[0]!.text).not.toContain('Presenters:');
  });

  it('names the new title and the files kept after an update', async () => {
    const world = fakeUploadWorld();
    const kept = await uploadPdf(world, 'u1', 'kept.pdf');
    const dropped = await uploadPdf(world, 'u1', 'dropped.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', form({ upload_files: [kept.id, dropped.id] }), EARLY);
    await updateAbstract(world.abstractDeps, 'u1', data.id, form({ title_of_abstract: 'A <BETTER> TITLE', upload_files: [kept.id] }), EARLY);
    const mail = world.outbox.at(-1)!;
    expect(mail.subject).toBe('Abstract updated: A <BETTER> TITLE');
    expect(mail.text).toContain('Files:\n- kept.pdf\n\n');
    expect(mail.text).not.toContain('dropped.pdf');
    expect(mail.html).toContain('A &lt;BETTER&gt; TITLE');
    expect(mail.html).not.toContain('<BETTER>');
  });

  it('saves an update when the mail fails, and logs it', async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', form(), EARLY);
    world.failMail();
    const result = await updateAbstract(world.abstractDeps, 'u1', data.id, form({ title_of_abstract: 'SAVED ANYWAY' }), EARLY);
    expect(result.data.confirmation_mail_sent).toBe(false);
    expect(world.abstracts.abstracts.get(data.id)?.title_of_abstract).toBe('SAVED ANYWAY');
    expect(world.errors).toEqual(['abstract confirmation mail not sent']);
  });

  it('sends nothing and logs nothing when the account is gone', async () => {
    const world = fakeUploadWorld();
    const deps = { ...world.abstractDeps, users: { getUser: async () => undefined } };
    const { data } = await createAbstract(deps, 'u1', form(), EARLY);
    expect(data.confirmation_mail_sent).toBe(false);
    expect(world.outbox).toEqual([]);
    expect(world.errors).toEqual([]);
    expect(world.abstracts.abstracts.has(data.id)).toBe(true);
  });
});
