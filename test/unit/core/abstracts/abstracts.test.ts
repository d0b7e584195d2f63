import { describe, expect, it } from 'vitest';
import { createAbstract, deleteAbstract, getAbstract, listAbstracts, updateAbstract } from '#core/abstracts/abstracts';
import { abstractsOpen } from '#core/abstracts/deadline';
import { abstractSchema, agreementValues, type AbstractData } from '#core/abstracts/schemas';
import { fakeUploadWorld } from '../uploads/fakes';
import { refusal, uploadPdf } from '../uploads/helpers';

const OPEN = new Date('2024-05-10T02:00:00Z');
const LAST_MS = new Date('2024-05-16T15:59:59.999Z');
const CLOSED = new Date('2024-05-16T16:00:00Z');

const input = (over: Record<string, unknown> = {}): AbstractData =>
  abstractSchema.parse({
    authors: [{ last_name: 'Zhang', first_name: 'Wei', email: 'wei@example.org', institute: 'NCC', city: 'Beijing', country: 'China' }],
    presenter_abstract: true,
    title_of_abstract: 'REGISTRY COVERAGE IN CHINA',
    abstract_category: 'registration.data-quality',
    keywords: 'registry coverage quality',
    abstract_body: 'Body.',
    financial_support: false,
    conference_iacr_fellowship: false,
    conflict_of_interest_disclosure: 'None',
    agreements: [...agreementValues],
    submitter_date: '2024-05-10',
    ...over,
  });


describe('the deadline', () => {
  it('is open until 23:59:59.999 CST on 16 May 2024 and closed from 24:00:00', () => {
    expect(abstractsOpen(LAST_MS)).toBe(true);
    expect(abstractsOpen(CLOSED)).toBe(false);
  });

  it('refuses create, update and delete from 24:00:00 with "Modifications are prohibited."', async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', input(), LAST_MS);
    for (const attempt of [
      createAbstract(world.abstractDeps, 'u1', input(), CLOSED),
      updateAbstract(world.abstractDeps, 'u1', data.id, input(), CLOSED),
      deleteAbstract(world.abstractDeps, 'u1', data.id, CLOSED),
    ]) {
      const error = await refusal(attempt);
      expect([error.kind, error.message]).toEqual(['forbidden', 'Modifications are prohibited.']);
    }
    expect((await getAbstract(world.abstractDeps, 'u1', data.id, CLOSED)).editable).toBe(false);
  });
});

describe('the cap of 5', () => {
  it('refuses a sixth abstract and takes one again after a delete', async () => {
    const world = fakeUploadWorld();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await createAbstract(world.abstractDeps, 'u1', input(), OPEN)).data.id);
    const sixth = await refusal(createAbstract(world.abstractDeps, 'u1', input(), OPEN));
    expect([sixth.kind, sixth.message]).toEqual(['conflict', 'You can submit at most 5 abstracts.']);
    expect((await listAbstracts(world.abstractDeps, 'u1', OPEN)).total).toBe(5);
    await expect(createAbstract(world.abstractDeps, 'u2', input(), OPEN)).resolves.toBeDefined();
    await deleteAbstract(world.abstractDeps, 'u1', ids[0]!, OPEN);
    await expect(createAbstract(world.abstractDeps, 'u1', input(), OPEN)).resolves.toBeDefined();
  });
});

describe('ownership', () => {
  it("treats another delegate's abstract as not found", async () => {
    const world = fakeUploadWorld();
    const { data } = await createAbstract(world.abstractDeps, 'u1', input(), OPEN);
    for (const attempt of [
      getAbstract(world.abstractDeps, 'u2', data.id, OPEN),
      updateAbstract(world.abstractDeps, 'u2', data.id, input(), OPEN),
      deleteAbstract(world.abstractDeps, 'u2', data.id, OPEN),
    ]) {
      const error = await refusal(attempt);
      expect([error.kind, error.message]).toEqual(['not_found', 'The abstract was not found.']);
    }
    expect((await listAbstracts(world.abstractDeps, 'u2', OPEN)).items).toEqual([]);
  });
});

describe('files of an abstract', () => {
  it('attaches pending own files, refuses foreign ones, drops removed ones on update and deletes them with the abstract', async () => {
    const world = fakeUploadWorld();
    const a = await uploadPdf(world, 'u1', 'a.pdf');
    const b = await uploadPdf(world, 'u1', 'b.pdf');
    const foreign = await uploadPdf(world, 'u2', 'c.pdf');

    const stolen = await refusal(createAbstract(world.abstractDeps, 'u1', input({ upload_files: [foreign.id] }), OPEN));
    expect([stolen.kind, stolen.message]).toEqual(['validation', 'A file of this abstract was not found. Please remove it and upload it again.']);

    const { data } = await createAbstract(world.abstractDeps, 'u1', input({ upload_files: [a.id, b.id] }), OPEN);
    expect(world.files.files.get(a.id)?.abstract_id).toBe(data.id);
    // Another abstract cannot take a file this one holds.
    expect((await refusal(createAbstract(world.abstractDeps, 'u1', input({ upload_files: [a.id] }), OPEN))).kind).toBe('validation');

    await updateAbstract(world.abstractDeps, 'u1', data.id, input({ upload_files: [b.id] }), OPEN);
    expect(world.files.files.has(a.id)).toBe(false);
    expect([...world.objects.objects.keys()].some((k) => k.includes(`/${a.id}/`))).toBe(false);
    expect((await getAbstract(world.abstractDeps, 'u1', data.id, OPEN)).upload_files.map((f) => f.name)).toEqual(['b.pdf']);

    await deleteAbstract(world.abstractDeps, 'u1', data.id, OPEN);
    expect(world.files.files.has(b.id)).toBe(false);
    expect(world.files.files.has(foreign.id)).toBe(true);
  });
});

describe('confirmation mails', () => {
  it('tells the submitter the title, authors and files on create and on update', async () => {
    const world = fakeUploadWorld();
    const file = await uploadPdf(world, 'u1', 'figure.pdf');
    const { data } = await createAbstract(world.abstractDeps, 'u1', input({ upload_files: [file.id] }), OPEN);
    expect(data.confirmation_mail_sent).toBe(true);
    const created = world.outbox.at(-1)!;
    expect(created.to).toBe('u1@example.org');
    expect(created.subject).toBe('Abstract received: REGISTRY COVERAGE IN CHINA');
    expect(created.text).toContain('- Wei Zhang (NCC, Beijing, China)');
    expect(created.text).toContain('- figure.pdf');
    expect(created.text).toContain(`https://congress.example.org/admin/upload-update/${data.id}`);

    await updateAbstract(world.abstractDeps, 'u1', data.id, input({ title_of_abstract: 'A NEW TITLE' }), OPEN);
    const updated = world.outbox.at(-1)!;
    expect(updated.subject).toBe('Abstract updated: A NEW TITLE');
    expect(updated.text).toContain('No file attached.');
  });

  it('saves the abstract when the mail fails, and logs it', async () => {
    const world = fakeUploadWorld();
    world.failMail();
    const { data } = await createAbstract(world.abstractDeps, 'u1', input(), OPEN);
    expect(data.confirmation_mail_sent).toBe(false);
    expect(world.errors).toEqual(['abstract confirmation mail not sent']);
    expect((await listAbstracts(world.abstractDeps, 'u1', OPEN)).total).toBe(1);
  });
});
