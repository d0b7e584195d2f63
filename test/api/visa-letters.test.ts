/**
 * Visa invitation letters (issue 17): the office reviews the passport data against the scan
 * (approve, or ask the delegate to correct, mailed), the letter is issued once the order is paid
 * and approved, an organiser regenerates it after a correction (each version an audit entry), and
 * a letter is the owner's or the office's only.
 */
import { describe, expect, it } from 'vitest';
import { visaMessages } from '#core/orders/visa-review';
import { orderMessages } from '#core/orders/schemas';
import type { VisaView } from '#core/office/visa-letters';
import { validOrder } from '../support/bodies';
import { pngBytes } from '../support/files';
import { pdfText } from '../support/pdf';
import { call, mailsTo, newDelegate, officeSession, putFile, until } from './support';

/** 1 August 2024, 10:00 CST: registration is open. */
const T0 = '2024-08-01T02:00:00Z';

const passport = (fileId: string, name: string) => ({
  visa_required: 1,
  full_name_as_on_passport: name,
  nationality: 'China',
  date_of_birth: '1980-02-29',
  issue_date_of_passport: '2020-01-15',
  expiry_date_of_passport: '2030-01-14',
  passport_number: 'E12345678',
  phone_number_prefix: '+86',
  phone_number: '10 8778 8899',
  front_page_of_the_passport: fileId,
  for_visa_support_letter: 'National Cancer Center',
});

async function passportScan(token: string) {
  const { key } = await putFile(token, 'passport', 'passport.png', pngBytes(), T0);
  const file = await call<{ id: string }>('POST', '/registration/passport', { token, at: T0, json: { key } });
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  return file.body.data.id;
}

async function visaOrder(token: string, name = '张伟', at = T0) {
  const created = await call<{ id: string }>('POST', '/registration/submission', { token, at, json: validOrder(passport(await passportScan(token), name)) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { reference: string; order_no: string } }>('GET', `/registration/submission/${id}`, { token, at: T0 })).body.data;
  return { id, reference: order.reference, order_no: order.order_no };
}

async function pay(delegate: string, office: string, order: { id: string; reference: string }) {
  expect((await call('POST', `/registration/submission/transfer-payment/${order.id}`, { token: delegate, at: T0, json: { type: 'done' } })).status).toBe(200);
  const received = await call('POST', `/office/transfers/${order.reference}/received`, { token: office, at: T0, json: { amount: '650.00' } });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
}

const view = async (office: string, id: string) => {
  const r = await call<VisaView>('GET', `/office/orders/${id}/visa`, { token: office, at: T0 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const decide = (office: string, id: string, body: Record<string, unknown>) => call<{ version: string; letter_id: string | null }>('POST', `/office/orders/${id}/visa_review`, { token: office, at: T0, json: body });
const letter = (token: string, id: string) => call<{ document: { id: string; version: number; kind: string; replaced_by: string | null } }>('GET', `/registration/submission/${id}/visa_letter`, { token, at: T0 });
type ListItem = { id: string; visa_letter: { status: string; message: string | null; can_correct: boolean; letter_issued: boolean } | null };
const listItem = async (token: string, id: string) => (await call<{ items: ListItem[] }>('GET', '/registration', { token, at: T0 })).body.data.items.find((i) => i.id === id)!;

describe('who may review passport data and issue letters', () => {
  it('refuses anonymous callers (401) and delegates (403) on every office visa route', async () => {
    const d = await newDelegate('visa-door');
    const { id } = await visaOrder(d.token);
    for (const [method, path] of [
      ['GET', '/office/visa_letters'],
      ['GET', `/office/orders/${id}/visa`],
      ['POST', `/office/orders/${id}/visa_review`],
      ['POST', `/office/orders/${id}/visa_letter`],
    ] as const) {
      const json = method === 'POST' ? { decision: 'approve', version: 'x' } : undefined;
      expect((await call(method, path, { at: T0, json })).status).toBe(401);
      expect((await call(method, path, { token: d.token, at: T0, json })).status).toBe(403);
    }
  });
});

describe('the review and the letter', () => {
  it('queues the order (oldest first), refuses the letter before approval and before payment, issues it when both hold, for its owner and the office only', async () => {
    const d = await newDelegate('visa-flow');
    // Placed a minute apart (other files' orders share T0): the queue's order is theirs.
    const first = await visaOrder(d.token, '张伟', '2024-08-01T01:58:00Z');
    const second = await visaOrder(d.token, 'Łukasz Żółć', '2024-08-01T01:59:00Z');
    const o = await officeSession('visa-flow-office', T0);

    // The queue: both orders, the older before the newer, each with the typed data and its scan.
    const queue = await call<{ items: VisaView[]; next: string | null }>('GET', '/office/visa_letters', { token: o.token, at: T0 });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    let items = queue.body.data.items;
    let cursor = queue.body.data.next;
    while (!items.some((i) => i.order_id === second.id) && cursor) {
      const more = await call<{ items: VisaView[]; next: string | null }>('GET', '/office/visa_letters', { token: o.token, at: T0, query: { cursor } });
      items = [...items, ...more.body.data.items];
      cursor = more.body.data.next;
    }
    const ids = items.map((i) => i.order_id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const queued = items.find((i) => i.order_id === first.id)!;
    expect(queued.passport).toMatchObject({ full_name_as_on_passport: '张伟', passport_number: 'E12345678', nationality: 'China', date_of_birth: '1980-02-29' });
    expect(queued.scan?.name).toBe('passport.png');
    expect(queued.scan?.url).toMatch(/^http/);
    expect(queued.review?.status).toBe('pending');

    // Not approved, not paid: no letter.
    expect((await letter(d.token, first.id)).body.message).toBe(visaMessages.notPaid);
    expect((await letter(d.token, first.id)).status).toBe(409);
    expect((await listItem(d.token, first.id)).visa_letter).toMatchObject({ status: 'pending', letter_issued: false });

    // Approved before payment: still none (the office says when it comes).
    const approved = await decide(o.token, first.id, { decision: 'approve', version: queued.version });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toBe(visaMessages.approvedUnpaid);
    expect(approved.body.data.letter_id).toBeNull();
    expect((await letter(d.token, first.id)).body.message).toBe(visaMessages.notPaid);
    expect((await call('POST', `/office/orders/${first.id}/visa_letter`, { token: o.token, at: T0, json: { version: approved.body.data.version } })).body.message).toBe(visaMessages.notPaid);

    // Paid: the money-events worker issues the letter moments after the payment's write.
    await pay(d.token, o.token, first);
    const issued = await until('visa letter issued', () => letter(d.token, first.id), (r) => r.status === 200);
    expect(issued.body.data.document).toMatchObject({ kind: 'visa-letter', version: 1, replaced_by: null });
    expect((await listItem(d.token, first.id)).visa_letter).toMatchObject({ status: 'approved', letter_issued: true });

    // Another delegate: not found (the order is not theirs), nor is the letter's PDF.
    const other = await newDelegate('visa-other');
    const foreign = await letter(other.token, first.id);
    expect(foreign.status).toBe(404);
    const docId = issued.body.data.document.id;
    const foreignPdf = await call('GET', `/documents/${docId}`, { token: other.token, at: T0 });
    expect(foreignPdf.status).toBe(404);
    // The owner's download: the PDF says who is invited, in Chinese characters.
    const link = await call<{ url: string; file_name: string }>('GET', `/documents/${docId}`, { token: d.token, at: T0 });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.file_name).toBe(`IACR2024-visa-invitation-letter-${first.order_no}.pdf`);
    const pdf = new Uint8Array(await (await fetch(link.body.data.url)).arrayBuffer());
    expect(pdfText(pdf)).toContain('张伟');
    // In Chinese and English (decision 0062): the title, the addressee, a label beside its English.
    const text = pdfText(pdf).replace(/\s+/g, '');
    for (const part of ['签证邀请函', 'Visa invitation letter', '中华人民共和国驻外大使馆或总领事馆签证处', "To the Visa Section of the Embassy", '护照号码 Passport number', '此致敬礼', 'Yours faithfully']) expect(text).toContain(part.replace(/\s+/g, ''));
    // An organiser downloads it too.
    const owner = (await view(o.token, first.id)).owner_id;
    expect((await call('GET', `/office/documents/${owner}/${docId}`, { token: o.token, at: T0 })).status).toBe(200);

    // The office sees the letter on the order, and the trail has the approval and the letter.
    const after = await view(o.token, first.id);
    expect(after.letters.map((l) => [l.id, l.version])).toEqual([[issued.body.data.document.id, 1]]);
    const trail = await call<{ audit: { action: string }[] }>('GET', `/office/orders/${first.id}`, { token: o.token, at: T0 });
    expect(trail.body.data.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.visa_approved', 'visa_letter.issued']));

    // A decided order leaves the queue.
    const again = await call<{ items: VisaView[] }>('GET', '/office/visa_letters', { token: o.token, at: T0 });
    expect(again.body.data.items.map((i) => i.order_id)).not.toContain(first.id);
  });

  it('paid but not approved: no letter; the office asks to correct (message required, mailed with a link), the delegate corrects only the passport fields, approval issues the letter, regeneration replaces it', async () => {
    const d = await newDelegate('visa-correct');
    const order = await visaOrder(d.token, 'Lukasz Zolc');
    const o = await officeSession('visa-correct-office', T0);
    await pay(d.token, o.token, order);
    expect((await letter(d.token, order.id)).body.message).toBe(visaMessages.notApproved);
    expect((await letter(d.token, order.id)).status).toBe(409);
    const v0 = await view(o.token, order.id);
    expect(v0.letter_refusal).toBe(visaMessages.notApproved);
    expect((await call('POST', `/office/orders/${order.id}/visa_letter`, { token: o.token, at: T0, json: { version: v0.version } })).body.message).toBe(visaMessages.notApproved);

    // The message is required to ask for a correction.
    const empty = await decide(o.token, order.id, { decision: 'correct', message: '  ', version: v0.version });
    expect(empty.status).toBe(422);
    expect((empty.body.data as unknown as { errors: Record<string, string> }).errors.message).toBe(visaMessages.messageRequired);
    // A decision over an older version is refused.
    const asked = await decide(o.token, order.id, { decision: 'correct', message: 'The name must be written as on the passport: Łukasz Żółć.', version: v0.version });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.message).toBe(visaMessages.correctionRequested);
    const stale = await decide(o.token, order.id, { decision: 'approve', version: v0.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(visaMessages.stale);
    // Not pending any more: approval waits for the correction.
    expect((await decide(o.token, order.id, { decision: 'approve', version: asked.body.data.version })).body.message).toBe(visaMessages.notPending);

    const mail = (await mailsTo(d.email)).find((m) => m.subject.includes('please correct your passport data'));
    expect(mail?.body.text).toContain('Łukasz Żółć');
    expect(mail?.body.text).toContain(`/registration/visa/${order.id}`);
    expect((await listItem(d.token, order.id)).visa_letter).toMatchObject({ status: 'correction-requested', can_correct: true, message: 'The name must be written as on the passport: Łukasz Żółć.' });

    // The correction: only the passport fields, over the version read, with step 4's rules.
    const detail = (await call<{ order: { updated_at: string; amount_required: string } }>('GET', `/registration/submission/${order.id}`, { token: d.token, at: T0 })).body.data.order;
    const fields = { full_name_as_on_passport: 'Łukasz Żółć', gender: 'Male', nationality: 'Poland', date_of_birth: '1980-02-29', passport_number: 'EP1234567', issue_date_of_passport: '2020-01-15', expiry_date_of_passport: '2030-01-14', front_page_of_the_passport: v0.passport.front_page_of_the_passport, for_visa_support_letter: 'جامعة القاهرة' };
    const badDates = await call('POST', `/registration/submission/${order.id}/visa_correction`, { token: d.token, at: T0, json: { ...fields, expiry_date_of_passport: '2019-01-01', version: detail.updated_at } });
    expect(badDates.status).toBe(422);
    expect((badDates.body.data as { errors: Record<string, string> }).errors.expiry_date_of_passport).toBe(orderMessages.passportDates);
    const wrongVersion = await call('POST', `/registration/submission/${order.id}/visa_correction`, { token: d.token, at: T0, json: { ...fields, version: '2024-01-01T00:00:00.000Z' } });
    expect(wrongVersion.status).toBe(409);
    expect(wrongVersion.body.message).toBe(visaMessages.changed);
    const foreignFile = await call('POST', `/registration/submission/${order.id}/visa_correction`, { token: d.token, at: T0, json: { ...fields, front_page_of_the_passport: 'not-a-file', version: detail.updated_at } });
    expect(foreignFile.status).toBe(422);
    const other = await newDelegate('visa-correct-other');
    expect((await call('POST', `/registration/submission/${order.id}/visa_correction`, { token: other.token, at: T0, json: { ...fields, version: detail.updated_at } })).status).toBe(404);
    const corrected = await call('POST', `/registration/submission/${order.id}/visa_correction`, { token: d.token, at: T0, json: { ...fields, rate: 250, accompanying_person: 3, version: detail.updated_at } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.message).toBe(visaMessages.corrected);
    // Nothing but the passport data moved.
    const afterCorrection = (await call<{ order: { amount_required: string; accompanying_person: number; rate: number } }>('GET', `/registration/submission/${order.id}`, { token: d.token, at: T0 })).body.data.order;
    expect(afterCorrection).toMatchObject({ amount_required: detail.amount_required, accompanying_person: 0, rate: 650 });
    // A second correction is not asked for.
    const twice = await call('POST', `/registration/submission/${order.id}/visa_correction`, { token: d.token, at: T0, json: { ...fields, version: (await view(o.token, order.id)).version } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(visaMessages.notCorrectable);

    // Back in review with the new data; approval of a paid order issues the letter at once.
    const v1 = await view(o.token, order.id);
    expect(v1.review?.status).toBe('pending');
    expect(v1.passport).toMatchObject({ full_name_as_on_passport: 'Łukasz Żółć', nationality: 'Poland', for_visa_support_letter: 'جامعة القاهرة' });
    const ok = await decide(o.token, order.id, { decision: 'approve', version: v1.version });
    expect(ok.body.message).toBe(visaMessages.approvedWithLetter);
    const first = (await letter(d.token, order.id)).body.data.document;
    expect(first).toMatchObject({ version: 1, id: ok.body.data.letter_id });

    // Regenerated: version 2 replaces version 1; an old version is refused.
    const v2 = await view(o.token, order.id);
    const regenerated = await call<{ letter_id: string; version: number }>('POST', `/office/orders/${order.id}/visa_letter`, { token: o.token, at: T0, json: { version: v2.version } });
    expect(regenerated.status, JSON.stringify(regenerated.body)).toBe(200);
    expect(regenerated.body.message).toBe(visaMessages.regenerated);
    expect((await call('POST', `/office/orders/${order.id}/visa_letter`, { token: o.token, at: T0, json: { version: v2.version } })).status).toBe(409);
    const current = (await letter(d.token, order.id)).body.data.document;
    expect(current).toMatchObject({ version: 2, id: regenerated.body.data.letter_id });
    const v3 = await view(o.token, order.id);
    expect(v3.letters.map((l) => [l.version, l.replaced_by])).toEqual([
      [2, null],
      [1, regenerated.body.data.letter_id],
    ]);
    const trail = await call<{ audit: { action: string; after?: { version?: number } }[] }>('GET', `/office/orders/${order.id}`, { token: o.token, at: T0 });
    expect(trail.body.data.audit.filter((a) => a.action === 'visa_letter.issued').map((a) => a.after?.version).sort()).toEqual([1, 2]);
    expect(trail.body.data.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.visa_correction_requested', 'order.visa_corrected', 'order.visa_approved']));
  });

  it('mails the delegate each letter issued: on the payment that completes an approved order, on the approval of a paid one, and each new version, once each', async () => {
    const d = await newDelegate('visa-mail');
    const o = await officeSession('visa-mail-office', T0);
    const mails = async (subject: string) => (await mailsTo(d.email)).filter((m) => m.subject === subject);
    const ready = (orderNo: string) => `Registration ${orderNo}: your visa invitation letter is ready`;

    // Approved first, then paid: the payment's write issues the letter, and the delegate is told.
    const a = await visaOrder(d.token, '王芳');
    expect((await decide(o.token, a.id, { decision: 'approve', version: (await view(o.token, a.id)).version })).status).toBe(200);
    expect(await mails(ready(a.order_no))).toEqual([]);
    await pay(d.token, o.token, a);
    const [first] = await until('letter mail after payment', () => mails(ready(a.order_no)), (m) => m.length >= 1);
    expect(first!.body.text).toContain('The registration office has issued the invitation letter for your visa application.');
    expect(first!.body.text).toContain(`Order: ${a.order_no}`);
    expect(first!.body.text).toContain('Name as on passport: 王芳');
    expect(first!.body.text).toMatch(/Download the letter: http\S+\/registration\/list/);

    // Paid first, then approved: the approval issues it and mails.
    const b = await visaOrder(d.token, 'Li Na');
    await pay(d.token, o.token, b);
    expect(await mails(ready(b.order_no))).toEqual([]);
    const approved = await decide(o.token, b.id, { decision: 'approve', version: (await view(o.token, b.id)).version });
    expect(approved.body.message).toBe(visaMessages.approvedWithLetter);
    await until('letter mail after approval', () => mails(ready(b.order_no)), (m) => m.length >= 1);

    // A new version: mailed too, saying it replaces the one before.
    const regenerated = await call('POST', `/office/orders/${b.id}/visa_letter`, { token: o.token, at: T0, json: { version: (await view(o.token, b.id)).version } });
    expect(regenerated.status, JSON.stringify(regenerated.body)).toBe(200);
    const [again] = await until('new version mail', () => mails(`Registration ${b.order_no}: a new version of your visa invitation letter`), (m) => m.length >= 1);
    expect(again!.body.text).toContain('The registration office has issued version 2 of your visa invitation letter. It replaces the earlier version: please use only the new one.');

    // Each exactly once.
    expect((await mails(ready(a.order_no))).length).toBe(1);
    expect((await mails(ready(b.order_no))).length).toBe(1);
  });

  it('an order without visa support has no review and no letter', async () => {
    const d = await newDelegate('visa-none');
    const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder() });
    const id = created.body.data.id;
    expect((await listItem(d.token, id)).visa_letter).toBeNull();
    const refused = await letter(d.token, id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(visaMessages.notRequested);
    const o = await officeSession('visa-none-office', T0);
    const v = await view(o.token, id);
    expect((await decide(o.token, id, { decision: 'approve', version: v.version })).body.message).toBe(visaMessages.notRequested);
  });
});
