/**
 * The registration by category (the older flow: spec sections 3, 5, 7 and 9) through the local
 * server and DynamoDB Local: POST /register with every rule and message, the encodings the spec's
 * client sends, supporting documents through the upload mechanism, the registration number, the
 * review state and the user info. The clock is pinned per request (x-app-now) inside a 2019 period.
 */
import { describe, expect, it } from 'vitest';
import { feeMessages } from '#core/registration-by-category/fees';
import { registerMessages } from '#core/registration-by-category/register';
import { registrationMessages as M } from '#core/registration-by-category/schemas';
import { bodyMessages } from '#lib/http/body';
import { jpegBytes, MiB, pdfBytes, pngBytes } from '../support/files';
import { API_BASE } from '#core/routes';
import { call, newDelegate, officeSession, origin, putFile } from './support';

/** 1 July 2019, 10:00 CST: the early period. */
const EARLY = '2019-07-01T02:00:00Z';
/** 6 November 2019, 00:00 CST: the first instant of the onsite period. */
const ONSITE = '2019-11-05T16:00:00Z';
/** 11 November 2019, 00:00 CST: registration by category is closed. */
const CLOSED = '2019-11-10T16:00:00Z';

interface Registered {
  regiatration_type: number;
  register_code: string;
  register_fee: number;
  register_status: number;
  period: string;
  young_file: string[];
}
interface Errors {
  errors: Record<string, string>;
}

const person = { first_name: 'Ada', last_name: 'Lovelace', occupation: 'Surgeon', organization: 'Peking Hospital', country: 'China', mobile: '+86 10 1234 5678' };
const regular = { ...person, regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' };
const companion = { first_name: 'Bo', last_name: 'Li', relationship: 'Spouse', occupation: 'Teacher', organization: 'School', country: 'China', mobile: '+86 139 0000 0000', gala_dinner: 'Yes', working_lunch: 'No' };
const member = (i: number) => ({ first_name: `Member${i}`, last_name: 'Group', gala_dinner: i % 2 ? 'Yes' : 'No', working_lunch: 'Yes' });
const group = (members: number) => ({
  ...regular,
  regiatration_type: 7,
  group_name: 'Shanghai team',
  company_represent: 'Shanghai Cancer Centre',
  address_one: '270 Dong An Road',
  groups: Array.from({ length: members }, (_, i) => member(i + 1)),
});

const register = (token: string, json: unknown, at = EARLY) => call<Registered>('POST', '/register', { token, at, json });
const errorsOf = (r: { body: { data: unknown } }) => (r.body.data as Errors).errors;

async function uploadDocument(token: string, name = 'student-card.pdf', bytes = pdfBytes(2000)) {
  const { presign, key } = await putFile(token, 'document', name, bytes, EARLY);
  if (!key) throw new Error(`presign refused: ${JSON.stringify(presign.body)}`);
  return call<{ id: string; name: string }>('POST', '/register/documents', { token, at: EARLY, json: { key } });
}

describe('GET /register_type_fee', () => {
  it('answers the onsite prices from the first onsite instant, and no price once closed', async () => {
    const onsite = await call<{ type: number; price: number | null }[]>('GET', '/register_type_fee', { at: ONSITE });
    expect(onsite.body.data).toContainEqual({ type: 1, type_name: 'Regular', price: 1010, period: 'onsite' });
    const closed = await call<{ type: number; price: number | null }[]>('GET', '/register_type_fee', { at: CLOSED });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(feeMessages.closed);
    expect(closed.body.data.every((f) => f.price === null)).toBe(true);
  });
});

describe('POST /register', () => {
  it('registers a regular delegate at the price in force: a registration number, no review, shown in the user info', async () => {
    const { token } = await newDelegate('reg-regular');
    const r = await register(token, { ...regular, accompanying_type: 'yes', accompany: [companion] });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(registerMessages.registered);
    expect(r.body.data).toMatchObject({ regiatration_type: 1, register_status: 0, register_fee: 800 + 210, period: 'early' });
    expect(r.body.data.register_code).toMatch(/^OESO-\d{6}$/);

    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token });
    expect(info.body.data).toMatchObject({
      regiatration_type: 1,
      register_code: r.body.data.register_code,
      register_fee: 1010,
      register_status: 0,
      pay_status: 1,
      status: 2,
      first_name: 'Ada',
      last_name: 'Lovelace',
      occupation: 'Surgeon',
    });
  });

  it('refuses a second registration with the number of the first (one per delegate)', async () => {
    const { token } = await newDelegate('reg-twice');
    const first = await register(token, regular);
    const second = await register(token, { ...regular, regiatration_type: 5 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(registerMessages.already(first.body.data.register_code));
    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token });
    expect(info.body.data.regiatration_type).toBe(1);
  });

  it('stores one registration of two sent at once; the other is refused with its number', async () => {
    const { token } = await newDelegate('reg-race');
    const answers = await Promise.all([register(token, regular), register(token, { ...regular, regiatration_type: 5 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const stored = answers.find((a) => a.status === 200)!.body.data;
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(registerMessages.already(stored.register_code));
    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token });
    expect(info.body.data).toMatchObject({ register_code: stored.register_code, regiatration_type: stored.regiatration_type });
  });

  it('replaces the names of an existing profile: the office finds the delegate by the new name, not the old one', async () => {
    const office = await officeSession('reg-rename-office');
    const { token, email } = await newDelegate('reg-rename');
    const old = `Oldname${Math.random().toString(36).slice(2, 8)}`;
    const fresh = `Newname${Math.random().toString(36).slice(2, 8)}`;
    const profile = { first_name: 'Ada', last_name: old, occupation: 'Nurse', organization: 'Clinic', country: 'China', mobile: '+86 10 0000 0000' };
    expect((await call('POST', '/update', { token, json: profile })).status).toBe(200);
    const r = await register(token, { ...regular, last_name: fresh });
    expect(r.status).toBe(200);
    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token });
    expect(info.body.data).toMatchObject({ first_name: 'Ada', last_name: fresh, organization: 'Peking Hospital' });
    const search = async (q: string) =>
      (await call<{ items: { email: string }[] }>('GET', '/office/delegates', { token: office.token, query: { q } })).body.data.items.map((d) => d.email);
    expect(await search(fresh.toLowerCase())).toEqual([email]);
    expect(await search(old.toLowerCase())).toEqual([]);
  });

  it('gives each registration its own number', async () => {
    const codes = await Promise.all(
      [1, 2, 3].map(async (i) => (await register((await newDelegate(`reg-number-${i}`)).token, regular)).body.data.register_code),
    );
    expect(new Set(codes).size).toBe(3);
  });

  it('is closed after the last period, with the closed message and no price', async () => {
    const { token } = await newDelegate('reg-closed');
    const r = await register(token, regular, CLOSED);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(feeMessages.closed);
    expect((await call<Record<string, unknown>>('GET', '/get_person_info', { token })).body.data.register_code).toBeNull();
  });

  it('requires the personal fields, a registration type and the Y/N answers', async () => {
    const { token } = await newDelegate('reg-required');
    const r = await register(token, {});
    expect(r.status).toBe(422);
    expect(errorsOf(r)).toMatchObject({
      first_name: M.enter,
      last_name: M.enter,
      occupation: M.enter,
      organization: M.enter,
      country: M.enter,
      mobile: M.enter,
      regiatration_type: M.type,
      gala_dinner: 'Please choose Y/N!',
      working_lunch: 'Please choose Y/N!',
      accompanying_type: 'Please choose Y/N!',
    });
    expect(errorsOf(r).middle_initial).toBeUndefined();
    expect(errorsOf(r).nick_name).toBeUndefined();
    expect(errorsOf(await register(token, { ...regular, gala_dinner: 'Maybe' })).gala_dinner).toBe('Please choose Y/N!');
    expect(errorsOf(await register(token, { ...regular, regiatration_type: 6 })).regiatration_type).toBe(M.type);
    expect(errorsOf(await register(token, { ...regular, mobile: 'call me' })).mobile).toBe(M.phone);
  });

  it('asks a member for the member number, and puts the registration under review', async () => {
    const { token } = await newDelegate('reg-member');
    const missing = await register(token, { ...regular, regiatration_type: 2 });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Please input OESO Member!');
    const r = await register(token, { ...regular, regiatration_type: 2, oeso_member: 'OESO-4711' });
    expect(r.body.data).toMatchObject({ regiatration_type: 2, register_status: 1, register_fee: 740 });
    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token });
    expect(info.body.data).toMatchObject({ oeso_member: 'OESO-4711', register_status: 1 });
  });

  it('needs supporting documents for young investigators and fellows, uploaded through the upload mechanism', async () => {
    const { token } = await newDelegate('reg-young');
    expect((await register(token, { ...regular, regiatration_type: 3 })).body.message).toBe('Please Upload Young Investigator File');
    expect((await register(token, { ...regular, regiatration_type: 4 })).body.message).toBe('Please upload files!');
    // A file id that is no upload of this delegate is not taken.
    const made = await register(token, { ...regular, regiatration_type: 3, young_investigator_files: ['nope'] });
    expect(made.status).toBe(422);
    expect(errorsOf(made).young_investigator_files).toBe(registerMessages.fileNotFound);

    const file = await uploadDocument(token);
    expect(file.status).toBe(200);
    const r = await register(token, { ...regular, regiatration_type: 3, young_investigator_files: [file.body.data.id] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ regiatration_type: 3, register_status: 1, register_fee: 740, young_file: ['student-card.pdf'] });
    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token });
    expect(info.body.data).toMatchObject({ register_status: 1, young_file: ['student-card.pdf'], fellow_file: [] });
  });

  it('takes a fellow with a JPG certificate at the onsite price', async () => {
    const { token } = await newDelegate('reg-fellow');
    const { presign, key } = await putFile(token, 'document', 'certificate.jpg', jpegBytes(), ONSITE);
    expect(presign.status).toBe(200);
    const file = await call<{ id: string }>('POST', '/register/documents', { token, at: ONSITE, json: { key } });
    const r = await register(token, { ...regular, regiatration_type: 4, fellow_files: [file.body.data.id] }, ONSITE);
    expect(r.body.data).toMatchObject({ regiatration_type: 4, register_status: 1, register_fee: 850, period: 'onsite' });
  });

  it('checks document files: JPG, PNG or PDF, under 5 MB, real type by the bytes (spec messages)', async () => {
    const { token } = await newDelegate('reg-files');
    const wrong = await call('POST', '/uploads/presign', { token, at: EARLY, json: { purpose: 'document', file_name: 'card.docx', size: 100 } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('You can only upload JPG, PDF PNG,file!');
    const large = await call('POST', '/uploads/presign', { token, at: EARLY, json: { purpose: 'document', file_name: 'card.png', size: 5 * MiB + 1 } });
    expect(large.body.message).toBe('Image must smaller than 5MB!');
    const { key } = await putFile(token, 'document', 'card.png', Buffer.from('this is not a picture'), EARLY);
    const fake = await call('POST', '/register/documents', { token, at: EARLY, json: { key } });
    expect(fake.status).toBe(422);
    expect(fake.body.message).toBe('The file is not a valid JPG, PNG or PDF file.');
    expect((await uploadDocument(token, 'card.png', pngBytes())).status).toBe(200);
  });

  it("does not let a delegate use or confirm another delegate's document (404)", async () => {
    const owner = await newDelegate('reg-owner');
    const other = await newDelegate('reg-other');
    const file = await uploadDocument(owner.token);
    const used = await register(other.token, { ...regular, regiatration_type: 3, young_investigator_files: [file.body.data.id] });
    expect(used.status).toBe(422);
    expect(errorsOf(used).young_investigator_files).toBe(registerMessages.fileNotFound);
    const { key } = await putFile(owner.token, 'document', 'mine.pdf', pdfBytes(1000), EARLY);
    const confirmed = await call('POST', '/register/documents', { token: other.token, at: EARLY, json: { key } });
    expect(confirmed.status).toBe(404);
  });

  it('registers a group of 10: name, company, address 1 and 9 members with dinners; at least 9 members', async () => {
    const { token } = await newDelegate('reg-group');
    const few = await register(token, { ...group(8), group_name: '', address_two: '' });
    expect(few.status).toBe(422);
    expect(errorsOf(few)).toMatchObject({ group_name: M.enter, groups: M.groupMinimum });
    const noDinner = await register(token, { ...group(9), groups: [...group(8).groups, { first_name: 'Last', last_name: 'One' }] });
    expect(errorsOf(noDinner)['groups.8.gala_dinner']).toBe('Please choose Y/N!');
    const r = await register(token, group(9));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ regiatration_type: 7, register_status: 0, register_fee: 10 * 740 });
  });

  it('takes more than 9 members, and accompanying persons with every field but the middle name', async () => {
    const { token } = await newDelegate('reg-group-big');
    const bad = await register(token, { ...group(11), accompanying_type: 'yes', accompany: [{ ...companion, relationship: 'Cousin', mobile: '' }] });
    expect(errorsOf(bad)).toMatchObject({ 'accompany.0.relationship': M.select, 'accompany.0.mobile': M.enter });
    const r = await register(token, { ...group(11), accompanying_type: 'yes', accompany: [companion, { ...companion, first_name: 'Cai', middle_initial: '' }] });
    expect(r.body.data.register_fee).toBe(12 * 740 + 2 * 210);
  });

  it('accepts the form-encoded body of the spec client, bracket keys and api_token in the body', async () => {
    const { token } = await newDelegate('reg-form');
    const fields: Record<string, string> = {
      api_token: token,
      ...Object.fromEntries(Object.entries(group(9)).filter(([k]) => k !== 'groups').map(([k, v]) => [k, String(v)])),
      accompanying_type: 'yes',
      address_two: '',
      middle_initial: '',
    };
    for (const [k, v] of Object.entries(companion)) fields[`accompany[0][${k}]`] = v;
    group(9).groups.forEach((m, i) => {
      for (const [k, v] of Object.entries(m)) fields[`groups[${i}][${k}]`] = v;
    });
    const r = await call<Registered>('POST', '/register', { at: EARLY, form: fields });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ regiatration_type: 7, register_fee: 10 * 740 + 210 });
  });

  it('refuses a __proto__ key anywhere in the body, form or JSON, and stores nothing', async () => {
    const { token } = await newDelegate('reg-proto');
    const form = await call('POST', '/register', {
      token,
      at: EARLY,
      form: { ...Object.fromEntries(Object.entries(regular).map(([k, v]) => [k, String(v)])), 'accompany[0][__proto__][polluted]': 'yes' },
    });
    expect(form.status).toBe(422);
    expect(form.body.message).toBe(bodyMessages.forbiddenKey('__proto__'));
    // JSON.parse makes `__proto__` an own key: refused as well (`call` would drop it when stringifying).
    const raw = await fetch(new URL(`${API_BASE}/register`, origin()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-app-now': EARLY },
      body: `{"first_name":"A","__proto__":{"register_status":2}}`,
    });
    expect(raw.status).toBe(422);
    expect(((await raw.json()) as { message: string }).message).toBe(bodyMessages.forbiddenKey('__proto__'));
    expect((await call<Record<string, unknown>>('GET', '/get_person_info', { token })).body.data.register_code).toBeNull();
  });

  it('needs a logged-in delegate', async () => {
    const r = await call('POST', '/register', { at: EARLY, json: regular });
    expect(r.status).toBe(401);
  });
});
