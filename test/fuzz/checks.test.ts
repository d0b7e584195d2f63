/** The suite's own checks, on made-up answers and snapshots: a check that cannot fail proves nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '#core/routes';
import { deadlines as registrationTiming } from '#core/config/conference';
import { feePeriod } from '#core/registration-by-category/fees';
import { homeClock, routeRequest } from './generate';
import { Ref } from './model';
import { envelopeProblem, isApiPath, refusalDeletedNamedUpload, routeAnswering } from './run';
import { jsonText, type Answer, type WireRequest } from './wire';
import { CATEGORY_REGISTRATION_OPEN, OPEN, REGISTRATION_OPEN, changed, diff, type Snapshot } from './world';

const answer = (status: number, body: unknown): Answer => ({ status, headers: {}, text: typeof body === 'string' ? body : JSON.stringify(body), ms: 1 });
const wire = (method: string, path: string, body?: string): WireRequest => ({ method, path, headers: {}, body: body === undefined ? undefined : Buffer.from(body) });

describe('envelope check', () => {
  it('accepts exactly { code, message, data } with a matching status', () => {
    expect(envelopeProblem(answer(200, { code: 200, message: 'success', data: null }), 'GET')).toBeUndefined();
    expect(envelopeProblem(answer(403, { code: -101, message: 'Not activated.', data: { email: 'a@b.c' } }), 'POST')).toBeUndefined();
  });
  it('refuses anything else', () => {
    expect(envelopeProblem(answer(200, 'plain'), 'GET')).toMatch(/not JSON/);
    expect(envelopeProblem(answer(200, { code: 200, message: 'success' }), 'GET')).toMatch(/keys/);
    expect(envelopeProblem(answer(200, { code: 200, message: 'success', data: null, extra: 1 }), 'GET')).toMatch(/keys/);
    expect(envelopeProblem(answer(200, { code: '200', message: 'success', data: null }), 'GET')).toMatch(/integer/);
    expect(envelopeProblem(answer(400, { code: 400, message: ' ', data: null }), 'GET')).toMatch(/non-empty/);
    expect(envelopeProblem(answer(400, { code: 200, message: 'success', data: null }), 'GET')).toMatch(/status 400/);
    expect(envelopeProblem(answer(200, { code: 404, message: 'Not found.', data: null }), 'GET')).toMatch(/status 200/);
    expect(envelopeProblem(answer(200, { code: 200, message: 'success', data: { user: { password_hash: 'x' } } }), 'GET')).toMatch(/password_hash/);
    expect(envelopeProblem(answer(500, { code: 500, message: 'x', data: 'Error\n    at run (/app/x.ts:1:2)' }), 'GET')).toMatch(/stack/);
  });
  it('expects no body from HEAD', () => {
    expect(envelopeProblem(answer(404, ''), 'HEAD')).toBeUndefined();
  });
});

describe('which route answers', () => {
  it('follows the method and the normalised path, like the gateway', () => {
    expect(routeAnswering(wire('GET', '/api/v1/admin/uploads/abc'))).toBe('getUpload');
    expect(routeAnswering(wire('DELETE', '/api/v1/admin/uploads/abc'))).toBe('deleteUpload');
    expect(routeAnswering(wire('GET', '/api/v1/admin/contribute/options'))).toBe('getAbstractOptions');
    expect(routeAnswering(wire('POST', '/api/v1/admin/contribute/x/../../login?x=1'))).toBe('login');
    expect(routeAnswering(wire('PATCH', '/api/v1/admin/login'))).toBeUndefined();
    expect(isApiPath(wire('DELETE', '/api/v1/admin/uploads/../%2e%2e/login'))).toBe(false);
    expect(isApiPath(wire('GET', '/api/v1/admin/now'))).toBe(true);
  });
});

describe('stored data', () => {
  const item = (sk: string, extra: Record<string, unknown> = {}) => ({ pk: { S: 'USER#u' }, sk: { S: sk }, ...extra });
  const snap = (items: Record<string, Record<string, unknown>>[], objects: { key: string; size: number; etag: string }[]): Snapshot => ({
    items,
    objects,
    itemsText: JSON.stringify(items),
    objectsText: JSON.stringify(objects),
  });
  const key = 'users/u/poster/f1/a.pptx';
  const key2 = 'users/u/poster/file-0001/b.pptx';
  const before = snap([item('PROFILE')], [{ key, size: 10, etag: 'e' }]);

  it('sees every change and says what it was', () => {
    const after = snap([item('PROFILE', { first_name: { S: 'X' } })], []);
    expect(changed(before, after)).toEqual({ table: true, objects: true });
    expect(diff(before, after)).toContain('~ item PROFILE');
    expect(diff(before, after)).toContain(`- object ${key}`);
    expect(changed(before, { ...after, items: undefined, itemsText: undefined })).toEqual({ table: false, objects: true });
  });

  it('lets a refused confirmation delete only the unrecorded upload it names', () => {
    const gone = snap([item('PROFILE')], []);
    expect(refusalDeletedNamedUpload('confirmPoster', before, gone, wire('POST', '/api/v1/admin/poster/upload', JSON.stringify({ key })))).toBe(false); // an id too short to be named
    const before2 = snap([item('PROFILE')], [{ key: key2, size: 10, etag: 'e' }]);
    expect(refusalDeletedNamedUpload('confirmPoster', before2, gone, wire('POST', '/api/v1/admin/poster/upload', JSON.stringify({ key: key2 })))).toBe(true);
    expect(refusalDeletedNamedUpload('confirmPoster', before, gone, wire('POST', '/api/v1/admin/poster/upload', '{"key":"other"}'))).toBe(false);
    expect(refusalDeletedNamedUpload('login', before, gone, wire('POST', '/api/v1/admin/login', JSON.stringify({ key })))).toBe(false);
    // A passport page is confirmed through the same mechanism (a late confirmation deletes it too).
    expect(refusalDeletedNamedUpload('confirmPassport', before2, gone, wire('POST', '/api/v1/admin/registration/passport', JSON.stringify({ key: key2 })))).toBe(true);
    const recorded = snap([item('PROFILE'), item('FILE#file-0001', { key: { S: key2 } })], [{ key: key2, size: 10, etag: 'e' }]);
    expect(refusalDeletedNamedUpload('confirmPoster', recorded, snap([item('PROFILE'), item('FILE#file-0001', { key: { S: key2 } })], []), wire('POST', '/x', key2))).toBe(false);
    // Its pending record and counter place go with it; nothing else.
    const pending = snap([item('COUNT#pending', { n: { N: '2' } }), item('PENDING#file-0001'), item('PROFILE')], [{ key: key2, size: 10, etag: 'e' }]);
    const ended = snap([item('COUNT#pending', { n: { N: '1' } }), item('PROFILE')], []);
    expect(refusalDeletedNamedUpload('confirmPoster', pending, ended, wire('POST', '/x', key2))).toBe(true);
    const more = snap([item('COUNT#pending', { n: { N: '1' } }), item('PROFILE', { first_name: { S: 'x' } })], []);
    expect(refusalDeletedNamedUpload('confirmPoster', pending, more, wire('POST', '/x', key2))).toBe(false);
  });
});

describe('office and order routes', () => {
  it('are sent at the moment their rules are open: orders and the office while registration is open, abstracts before their deadline', () => {
    expect(homeClock(routes.createOrder)).toBe(REGISTRATION_OPEN);
    expect(homeClock(routes.createCheckout)).toBe(REGISTRATION_OPEN);
    expect(homeClock(routes.confirmTransfer)).toBe(REGISTRATION_OPEN);
    expect(homeClock(routes.createAbstract)).toBe(OPEN);
    expect(homeClock(routes.presignUpload)).toBe(OPEN);
    expect(homeClock(routes.login)).toBeNull();
    // The registration by category: inside its early 2019 fee period, so requests meet its rules and not only "closed".
    for (const route of [routes.register, routes.confirmRegistrationDocument, routes.getRegisterTypeFee]) expect(homeClock(route), route.path).toBe(CATEGORY_REGISTRATION_OPEN);
    expect(feePeriod(new Date(CATEGORY_REGISTRATION_OPEN))).toBe('early');
    const opens = Date.parse(registrationTiming.registrationOpens);
    expect(Date.parse(REGISTRATION_OPEN)).toBeGreaterThan(opens);
    expect(Date.parse(REGISTRATION_OPEN)).toBeLessThan(Date.parse(registrationTiming.ratesValidUntil));
    expect(Date.parse(OPEN)).toBeLessThan(Date.parse(registrationTiming.abstractSubmission));
  });

  it("carry the organiser's token on office routes mostly, and never on a delegate's route", () => {
    const whoOf = (id: keyof typeof routes) =>
      fc.sample(routeRequest({ id, ...routes[id] } as never), { seed: 7, numRuns: 400 }).flatMap((spec) => spec.tokens.map((t) => t.who));
    const office = whoOf('confirmTransfer');
    expect(office.filter((w) => w === 'organiser').length).toBeGreaterThan(office.length / 3);
    expect(office).toContain('organiser.pending');
    expect(office).toContain('own');
    expect(whoOf('createOrder').filter((w) => w.startsWith('organiser'))).toEqual([]);
  });

  it("never name the victim's orders on an office route (an organiser may change any order)", () => {
    const refs = (id: keyof typeof routes) =>
      fc.sample(routeRequest({ id, ...routes[id] } as never), { seed: 7, numRuns: 400 }).flatMap((spec) => Object.values(spec.params).filter((p): p is Ref => p instanceof Ref).map((p) => p.name));
    expect(refs('cancelOfficeOrder').filter((n) => n === 'victim.orderId')).toEqual([]);
    expect(refs('cancelOrder')).toContain('victim.orderId');
  });

  it('writes a version reference as a number, other references as strings', () => {
    const r = { ref: (x: Ref) => (x.name === 'office.bankVersion' ? '7' : 'abc'), token: () => 't', expiredInstant: '', clientAddress: () => '' };
    expect(jsonText({ base_version: new Ref('office.bankVersion'), id: new Ref('own.orderId') } as never, r)).toBe('{"base_version":7,"id":"abc"}');
  });
});
