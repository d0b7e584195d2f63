/**
 * Requests written to change the process rather than the data: prototype pollution through form,
 * multipart and JSON bodies and query strings, huge bracket indices, deep nesting, forged
 * CloudFront headers. Each is refused in the envelope, and afterwards the portal process is
 * exactly as before (checked through the local-only integrity page and a tokenless request).
 */
import { describe, expect, it } from 'vitest';
import { bodyMessages } from '#lib/http/body';
import { API_BASE, fillPath, routeList } from '#core/routes';
import { call, newDelegate, origin } from './support';

async function raw(path: string, init: RequestInit & { query?: string } = {}) {
  const response = await fetch(`${origin()}${API_BASE}${path}${init.query ? `?${init.query}` : ''}`, init);
  return { status: response.status, body: (await response.json()) as { code: number; message: string; data: unknown } };
}

async function integrity() {
  const r = await fetch(`${origin()}/__local/integrity`);
  return (await r.json()) as { prototypes_clean: boolean; polluted: string[] };
}

async function assertUntouched(token: string) {
  expect(await integrity()).toEqual({ prototypes_clean: true, polluted: [] });
  // No token, JSON body `{}`: must not be taken for the delegate whose token was sent above.
  const logout = await raw('/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(logout.status).toBe(401);
  const person = await raw('/get_person_info');
  expect(person.status).toBe(401);
  // The delegate's own session still works.
  expect((await call('GET', '/get_person_info', { token })).status).toBe(200);
}

describe('prototype pollution', () => {
  it('a form posting __proto__[api_token] is refused (422) and a tokenless request stays anonymous', async () => {
    const { token } = await newDelegate('victim');
    const form = await raw('/send', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `__proto__%5Bapi_token%5D=${encodeURIComponent(token)}&email=a%40example.org`,
    });
    expect(form.status).toBe(422);
    expect(form.body).toEqual({ code: 422, message: bodyMessages.forbiddenKey('__proto__'), data: { errors: { _: bodyMessages.forbiddenKey('__proto__') } } });
    await assertUntouched(token);
  });

  it.each([
    ['constructor[prototype][api_token]', 'constructor'],
    ['a[__proto__][api_token]', '__proto__'],
    ['__proto__[SES_ENDPOINT]', '__proto__'],
  ])('a form field %s is refused on every kind of route', async (field, key) => {
    const { token } = await newDelegate('victim');
    for (const [method, path] of [
      ['POST', '/login'],
      ['POST', '/update'],
      ['POST', '/contribute'],
    ] as const) {
      const r = await raw(path, {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
        body: `${encodeURIComponent(field)}=${encodeURIComponent(token)}`,
      });
      expect([r.status, r.body.message], `${method} ${path}`).toEqual([422, bodyMessages.forbiddenKey(key)]);
    }
    await assertUntouched(token);
  });

  it('multipart fields, JSON keys and query names with prototype names are refused too', async () => {
    const { token } = await newDelegate('victim');
    const multipart = new FormData();
    multipart.append('__proto__[api_token]', token);
    expect((await raw('/send', { method: 'POST', body: multipart })).status).toBe(422);
    const json = await raw('/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"__proto__":{"api_token":"${token}"},"email":"a@example.org"}` });
    expect(json.status).toBe(422);
    const query = await raw('/check_email', { query: `__proto__=${encodeURIComponent(token)}&email=a%40example.org` });
    expect(query.status).toBe(422);
    await assertUntouched(token);
  });
});

describe("the programme's routes (issue 33)", () => {
  const programmeRoutes = routeList.filter((r) => /programme|^\/account\/presentations$/.test(r.path));

  it('refuse prototype names in a JSON body or a query before anything else, and deep JSON, on every one of them', async () => {
    expect(programmeRoutes.length).toBeGreaterThanOrEqual(12);
    const { token } = await newDelegate('victim');
    for (const route of programmeRoutes) {
      const path = fillPath(route.path, { id: 'x', number: '1' });
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const polluting =
        route.method === 'GET'
          ? await raw(path, { headers, query: `__proto__=${encodeURIComponent(token)}` })
          : await raw(path, { method: route.method, headers, body: `{"__proto__":{"api_token":"${token}"},"version":0}` });
      expect([polluting.status, polluting.body.message], route.id).toEqual([422, bodyMessages.forbiddenKey('__proto__')]);
      if (route.method !== 'GET') {
        const deep = await raw(path, { method: route.method, headers, body: `{"version":${'['.repeat(50_000)}${']'.repeat(50_000)}}` });
        expect([deep.status, deep.body.message], route.id).toEqual([422, bodyMessages.tooDeep]);
      }
    }
    await assertUntouched(token);
  });
});

describe('shapes that would exhaust the process', () => {
  it('a 60-byte form with a huge list index is refused at once', async () => {
    const { token } = await newDelegate('index');
    const started = Date.now();
    const r = await raw('/contribute', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: 'authors[20000000][email]=x',
    });
    expect([r.status, r.body.message]).toEqual([422, bodyMessages.indexTooLarge('authors[20000000][email]')]);
    expect(Date.now() - started).toBeLessThan(5000);
    const sparse = await raw('/contribute', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: 'authors[0][email]=a&authors[7][email]=b',
    });
    expect([sparse.status, sparse.body.message]).toEqual([422, bodyMessages.sparse('authors')]);
    await assertUntouched(token);
  });

  it('JSON nested 100,000 deep is refused with 422, not a crash', async () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const r = await raw('/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect([r.status, r.body.message]).toEqual([422, bodyMessages.tooDeep]);
  });
});

describe('headers only CloudFront may set', () => {
  it('a forged CloudFront-Viewer-Address or x-origin-verify is overwritten, not believed', async () => {
    // The same spoofed address on every attempt: if it were believed, all would share one limit.
    const r = await raw('/check_email', {
      query: 'email=a%40example.org',
      headers: { 'cloudfront-viewer-address': '1.2.3.4:1', 'x-origin-verify': 'guess', 'x-forwarded-for': '9.9.9.9' },
    });
    expect(r.status).toBe(200);
  });
});
