/**
 * The review of a registration by category (spec sections 4, 5, 7): POST /upload_again only while
 * rejected and only with the delegate's own documents, the payment voucher (purpose 'voucher', POST
 * /upload_documents), and the office's registrations: the list, the review queue, one registration
 * with its files, approve and reject over the version read (stale 409), mailed to the delegate.
 * Delegate calls pin the clock inside the 2019 early period; office calls run on the real clock
 * (the organiser's second factor is checked against it).
 */
import { describe, expect, it } from 'vitest';
import { officeMessages } from '#core/office/access';
import { reviewMessages as R } from '#core/registration-by-category/review';
import { voucherMessages } from '#core/registration-by-category/schemas';
import { uploadMessages } from '#core/uploads/rules';
import { fileMessages } from '#core/uploads/uploads';
import { jpegBytes, MiB, pdfBytes, pngBytes } from '../support/files';
import { call, mailsTo, newDelegate, officeSession, organiserCommand, putFile } from './support';

const EARLY = '2019-07-01T02:00:00Z';
const person = { first_name: 'Ada', last_name: 'Reviewed', occupation: 'Surgeon', organization: 'Peking Hospital', country: 'China', mobile: '+86 10 1234 5678' };
const base = { ...person, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' };

interface Row {
  owner_id: string;
  register_code: string;
  register_status: number;
  review_state: string;
  email: string;
}
interface OfficeRegistration extends Row {
  version: string;
  review_reason: string;
  documents: { id: string; name: string; url: string }[];
  payment_voucher: { id: string; name: string; url: string }[];
  activity: { action: string }[];
}

async function confirmed(token: string, purpose: 'document' | 'voucher', name: string, bytes: Buffer) {
  const { presign, key } = await putFile(token, purpose, name, bytes, EARLY);
  if (!key) return { presign, file: undefined };
  const path = purpose === 'document' ? '/register/documents' : '/register/voucher';
  const r = await call<{ id: string; name: string }>('POST', path, { token, at: EARLY, json: { key } });
  return { presign, file: r };
}

async function youngInvestigator(tag: string) {
  const d = await newDelegate(tag);
  const { file } = await confirmed(d.token, 'document', 'student-card.pdf', pdfBytes(2000));
  const r = await call<{ register_status: number; register_code: string }>('POST', '/register', {
    token: d.token,
    at: EARLY,
    json: { ...base, regiatration_type: 3, young_investigator_files: [file!.body.data.id] },
  });
  expect(r.status).toBe(200);
  expect(r.body.data.register_status).toBe(1);
  const info = await call<{ id: string }>('GET', '/get_person_info', { token: d.token });
  return { ...d, id: info.body.data.id, code: r.body.data.register_code };
}

const getRegistration = (office: string, owner: string) => call<OfficeRegistration>('GET', `/office/registrations/${owner}`, { token: office });
const decide = (office: string, owner: string, body: Record<string, string>) => call<{ register_status: number; version: string; mailed: boolean }>('POST', `/office/registrations/${owner}/decision`, { token: office, json: body });

describe('the office registrations routes', () => {
  it('refuse anonymous (401), delegates (403) and organisers without the second factor (403 with what to do)', async () => {
    const delegate = await newDelegate('review-not-office');
    const o = await newDelegate('review-no-factor');
    await organiserCommand('grant', o.email);
    for (const [method, path] of [
      ['GET', '/office/registrations'],
      ['GET', '/office/registrations/abc'],
      ['POST', '/office/registrations/abc/decision'],
    ] as const) {
      const json = method === 'POST' ? { decision: 'approve', version: 'x' } : undefined;
      expect([path, (await call(method, path, { json })).status]).toEqual([path, 401]);
      const asDelegate = await call(method, path, { token: delegate.token, json });
      expect([path, asDelegate.status, asDelegate.body.message]).toEqual([path, 403, officeMessages.organisersOnly]);
      const noFactor = await call(method, path, { token: o.token, json });
      expect([path, noFactor.status, noFactor.body.data]).toEqual([path, 403, { second_factor: 'enrol' }]);
    }
  });
});

describe('review: reject with a reason, upload again, approve', () => {
  it('goes the whole way: in the review queue, rejected (mailed with the reason), re-uploaded, approved (mailed), each step audited', async () => {
    const office = await officeSession('review-office');
    const yi = await youngInvestigator('review-yi');

    const queue = await call<{ items: Row[] }>('GET', '/office/registrations', { token: office.token, query: { list: 'review' } });
    expect(queue.status).toBe(200);
    expect(queue.body.data.items.find((r) => r.owner_id === yi.id)).toMatchObject({ register_code: yi.code, register_status: 1, review_state: 'Waiting for review', email: yi.email });
    // The whole list newest first (other tests register at the same pinned instant, so only the order is checked).
    const all = await call<{ items: (Row & { created_at: string })[] }>('GET', '/office/registrations', { token: office.token });
    const created = all.body.data.items.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const before = await getRegistration(office.token, yi.id);
    expect(before.status).toBe(200);
    expect(before.body.data.documents).toHaveLength(1);
    expect(before.body.data.documents[0]).toMatchObject({ name: 'student-card.pdf' });
    expect(before.body.data.documents[0]!.url).toMatch(/^http/);

    // The reason is required to reject.
    const noReason = await decide(office.token, yi.id, { decision: 'reject', reason: '  ', version: before.body.data.version });
    expect(noReason.status).toBe(422);
    expect((noReason.body.data as unknown as { errors: Record<string, string> }).errors.reason).toBe(R.reasonRequired);

    const reason = 'The student card has expired; please upload a current one.';
    const rejected = await decide(office.token, yi.id, { decision: 'reject', reason, version: before.body.data.version });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe(R.rejected);
    expect(rejected.body.data.register_status).toBe(2);
    const rejectMail = (await mailsTo(yi.email)).find((m) => m.subject.includes('upload your documents again'));
    expect(rejectMail?.body.text).toContain(reason);
    expect(rejectMail?.body.text).toContain('/common/reload');

    // The same decision over the version read before is stale; the queue no longer lists it.
    const stale = await decide(office.token, yi.id, { decision: 'approve', reason: '', version: before.body.data.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(R.stale);
    const queueAfter = await call<{ items: Row[] }>('GET', '/office/registrations', { token: office.token, query: { list: 'review' } });
    expect(queueAfter.body.data.items.some((r) => r.owner_id === yi.id)).toBe(false);

    const info = await call<{ register_status: number; review_reason: string }>('GET', '/get_person_info', { token: yi.token });
    expect(info.body.data).toMatchObject({ register_status: 2, review_reason: reason });

    // The delegate hands in a new document, form-encoded with api_token in the body, as the spec's client does.
    const { file } = await confirmed(yi.token, 'document', 'new-card.png', pngBytes());
    const again = await call<{ register_status: number }>('POST', '/upload_again', { at: EARLY, form: { card_message: file!.body.data.id, api_token: yi.token } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(R.resubmitted);
    expect(again.body.data.register_status).toBe(1);
    const infoAgain = await call<{ register_status: number; young_file: string[] }>('GET', '/get_person_info', { token: yi.token });
    expect(infoAgain.body.data).toMatchObject({ register_status: 1, young_file: ['new-card.png'] });

    const second = await getRegistration(office.token, yi.id);
    expect(second.body.data.documents.map((d) => d.name)).toEqual(['new-card.png']);
    const approved = await decide(office.token, yi.id, { decision: 'approve', reason: '', version: second.body.data.version });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(R.approved);
    expect(approved.body.data.register_status).toBe(0);
    expect((await mailsTo(yi.email)).some((m) => m.subject.includes('approved') && (m.body.text ?? '').includes('/admin/fee'))).toBe(true);

    // Decided: a second decision is refused plainly.
    const twice = await decide(office.token, yi.id, { decision: 'reject', reason: 'x', version: approved.body.data.version });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(R.notInReview);

    const trail = await getRegistration(office.token, yi.id);
    expect(trail.body.data.activity.map((e) => e.action)).toEqual(
      expect.arrayContaining(['registration.submitted', 'registration.rejected', 'registration.resubmitted', 'registration.approved']),
    );
  });

  it('answers 404 for an account without a registration', async () => {
    const office = await officeSession('review-office-404');
    const d = await newDelegate('review-none');
    const info = await call<{ id: string }>('GET', '/get_person_info', { token: d.token });
    const r = await getRegistration(office.token, info.body.data.id);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(R.notFound);
  });
});

describe('POST /upload_again', () => {
  it('is refused while the registration is under review, and without a registration', async () => {
    const yi = await youngInvestigator('again-in-review');
    const r = await call('POST', '/upload_again', { token: yi.token, at: EARLY, json: { card_message: 'x' } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(R.notRejected);
    const none = await newDelegate('again-none');
    const n = await call('POST', '/upload_again', { token: none.token, at: EARLY, json: { card_message: 'x' } });
    expect(n.status).toBe(404);
    expect(n.body.message).toBe(R.notRegistered);
  });

  it("refuses another delegate's file, a file of another purpose and an empty message; takes a member number for type 2", async () => {
    const office = await officeSession('again-office');
    const yi = await youngInvestigator('again-own');
    const reg = await getRegistration(office.token, yi.id);
    await decide(office.token, yi.id, { decision: 'reject', reason: 'Unreadable.', version: reg.body.data.version });

    const other = await newDelegate('again-other');
    const { file: theirs } = await confirmed(other.token, 'document', 'theirs.pdf', pdfBytes(1000));
    const refused = await call<{ errors: Record<string, string> }>('POST', '/upload_again', { token: yi.token, at: EARLY, json: { card_message: theirs!.body.data.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.card_message).toBe(R.fileNotFound);

    const { file: voucher } = await confirmed(yi.token, 'voucher', 'voucher.jpg', jpegBytes());
    const wrongPurpose = await call('POST', '/upload_again', { token: yi.token, at: EARLY, json: { card_message: voucher!.body.data.id } });
    expect(wrongPurpose.status).toBe(422);
    expect(wrongPurpose.body.message).toBe(R.fileNotFound);

    const empty = await call('POST', '/upload_again', { token: yi.token, at: EARLY, json: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(R.files);
    const info = await call<{ register_status: number }>('GET', '/get_person_info', { token: yi.token });
    expect(info.body.data.register_status).toBe(2);

    // A society member hands in a member number again.
    const m = await newDelegate('again-member');
    const reg2 = await call('POST', '/register', { token: m.token, at: EARLY, json: { ...base, regiatration_type: 2, oeso_member: 'OESO-1' } });
    expect(reg2.status).toBe(200);
    const mid = (await call<{ id: string }>('GET', '/get_person_info', { token: m.token })).body.data.id;
    const mreg = await getRegistration(office.token, mid);
    await decide(office.token, mid, { decision: 'reject', reason: 'No such member number.', version: mreg.body.data.version });
    // What was rejected is the member number, and every word the delegate reads says so.
    const memberMail = (await mailsTo(m.email)).find((x) => x.subject.endsWith('please enter your OESO member number again'));
    expect(memberMail?.body.text).toContain('The OESO member number you gave is not approved, please enter it again.');
    expect(memberMail?.body.text).toContain('No such member number.');
    expect(memberMail?.body.text).not.toContain('documents');
    const payRefused = await call('POST', '/payment', { at: EARLY, form: { api_token: m.token, type: '1' } });
    expect([payRefused.status, payRefused.body.message]).toEqual([403, 'Your OESO member number was not approved. Please enter it again; you can pay once it is approved.']);
    expect((await call<{ registration_by_category: { status: string; status_text: string } }>('GET', '/registration', { token: m.token, at: EARLY })).body.data.registration_by_category).toMatchObject({
      status: 'rejected',
      status_text: 'Member number not approved: please enter it again',
    });
    const noNumber = await call('POST', '/upload_again', { token: m.token, at: EARLY, json: { card_message: ' ' } });
    expect(noNumber.status).toBe(422);
    expect(noNumber.body.message).toBe(R.member);
    const ok = await call('POST', '/upload_again', { token: m.token, at: EARLY, query: { api_token: m.token }, json: { card_message: 'OESO-2024-77' } });
    expect(ok.status).toBe(200);
    const minfo = await call<{ register_status: number; oeso_member: string }>('GET', '/get_person_info', { token: m.token });
    expect(minfo.body.data).toMatchObject({ register_status: 1, oeso_member: 'OESO-2024-77' });
  });
});

describe('the payment voucher', () => {
  it('takes JPG or PNG under 5 MB only, checked by name, size and bytes', async () => {
    const d = await newDelegate('voucher-rules');
    const pdf = await putFile(d.token, 'voucher', 'voucher.pdf', pdfBytes(1000), EARLY);
    expect(pdf.presign.status).toBe(422);
    expect(pdf.presign.body.message).toBe(uploadMessages('voucher').wrongType);
    const big = await putFile(d.token, 'voucher', 'voucher.jpg', jpegBytes(), EARLY, 5 * MiB + 1);
    expect(big.presign.status).toBe(422);
    expect(big.presign.body.message).toBe('Image must smaller than 5MB!');
    // A PDF named .png is refused when confirmed (its bytes are not an image).
    const fake = await confirmed(d.token, 'voucher', 'voucher.png', pdfBytes(1000));
    expect(fake.file?.status).toBe(422);
    expect(fake.file?.body.message).toBe(uploadMessages('voucher').notReal);
  });

  it('is kept on an approved registration with "Upload success!", shown to the office; refused before approval and when not the own voucher', async () => {
    const office = await officeSession('voucher-office');
    const yi = await youngInvestigator('voucher-yi');
    const { file } = await confirmed(yi.token, 'voucher', 'bank-slip.png', pngBytes());
    expect(file?.status).toBe(200);
    const early = await call('POST', '/upload_documents', { token: yi.token, at: EARLY, query: { payment_voucher: file!.body.data.id } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(R.voucherNotYet);

    const reg = await getRegistration(office.token, yi.id);
    await decide(office.token, yi.id, { decision: 'approve', reason: '', version: reg.body.data.version });

    const missing = await call('POST', '/upload_documents', { token: yi.token, at: EARLY });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(voucherMessages.missing);
    const other = await newDelegate('voucher-other');
    const { file: theirs } = await confirmed(other.token, 'voucher', 'theirs.jpg', jpegBytes());
    const notOwn = await call('POST', '/upload_documents', { token: yi.token, at: EARLY, query: { payment_voucher: theirs!.body.data.id } });
    expect(notOwn.status).toBe(404);
    expect(notOwn.body.message).toBe(R.voucherNotFound);
    // A file of another purpose is no voucher either.
    const { file: document } = await confirmed(yi.token, 'document', 'card.pdf', pdfBytes(1000));
    const notVoucher = await call('POST', '/upload_documents', { token: yi.token, at: EARLY, query: { payment_voucher: document!.body.data.id } });
    expect(notVoucher.status).toBe(404);

    const ok = await call('POST', '/upload_documents', { at: EARLY, query: { api_token: yi.token, payment_voucher: file!.body.data.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Upload success!');
    const info = await call<{ payment_voucher: string }>('GET', '/get_person_info', { token: yi.token });
    expect(info.body.data.payment_voucher).toBe('bank-slip.png');
    const seen = await getRegistration(office.token, yi.id);
    expect(seen.body.data.payment_voucher.map((f) => f.name)).toEqual(['bank-slip.png']);
    expect(seen.body.data.activity.map((e) => e.action)).toContain('registration.voucher_uploaded');
  });
});

describe('DELETE /uploads/{id} of a document the registration names', () => {
  it('is refused while the registration names it; a document it does not name (or no longer names) is removed', async () => {
    const yi = await youngInvestigator('guard-documents');
    const office = await officeSession('guard-office');
    const documentId = (await getRegistration(office.token, yi.id)).body.data.documents[0]!.id;

    const refused = await call('DELETE', `/uploads/${documentId}`, { token: yi.token, at: EARLY });
    expect([refused.status, refused.body.message]).toEqual([409, fileMessages.heldByRegistration]);
    // Still there: the delegate can open it, the office still sees it.
    expect((await call('GET', `/uploads/${documentId}`, { token: yi.token, at: EARLY })).status).toBe(200);

    // A document uploaded but not handed in is the delegate's to remove.
    const { file: loose } = await confirmed(yi.token, 'document', 'draft.pdf', pdfBytes(1000));
    const removed = await call('DELETE', `/uploads/${loose!.body.data.id}`, { token: yi.token, at: EARLY });
    expect([removed.status, removed.body.message]).toEqual([200, fileMessages.removed]);

    // Rejected, then new documents handed in: the old one is no longer named and may go.
    const before = await getRegistration(office.token, yi.id);
    expect((await decide(office.token, yi.id, { decision: 'reject', reason: 'Unreadable.', version: before.body.data.version })).status).toBe(200);
    const { file: fresh } = await confirmed(yi.token, 'document', 'fresh.pdf', pdfBytes(1000));
    expect((await call('POST', '/upload_again', { at: EARLY, form: { card_message: fresh!.body.data.id, api_token: yi.token } })).status).toBe(200);
    const freshRefused = await call('DELETE', `/uploads/${fresh!.body.data.id}`, { token: yi.token, at: EARLY });
    expect([freshRefused.status, freshRefused.body.message]).toEqual([409, fileMessages.heldByRegistration]);
    const oldRemoved = await call('DELETE', `/uploads/${documentId}`, { token: yi.token, at: EARLY });
    expect([oldRemoved.status, oldRemoved.body.message]).toEqual([200, fileMessages.removed]);
  });
});
