/**
 * The handler factory with its real middy stack, driven by API Gateway (payload 2.0) events:
 * the three body encodings, validation, auth and the envelope.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { unauthorized } from '#core/errors';
import type { RouteDef } from '#core/routes';
import { clientAddress, defineHandler, reply } from '#lib/http/handler';

const context = { awsRequestId: 'req-1', functionName: 'test' } as Context;

/** The unit project's ORIGIN_VERIFY (vitest.config.ts): every event came through CloudFront unless a test says otherwise. */
const THROUGH_CLOUDFRONT = { 'x-origin-verify': 'unit-test-origin-secret' };

function event(partial: Partial<APIGatewayProxyEventV2> & { body?: string }): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /x',
    rawPath: '/x',
    rawQueryString: '',
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/x', sourceIp: '127.0.0.1' } } as never,
    ...partial,
    headers: { ...THROUGH_CLOUDFRONT, ...partial.headers },
  } as APIGatewayProxyEventV2;
}

const publicRoute: RouteDef = { method: 'POST', path: '/x', handler: 'x', auth: 'public', grants: [] };
const delegateRoute: RouteDef = { ...publicRoute, auth: 'delegate' };

const echo = defineHandler(
  publicRoute,
  { body: z.object({ name: z.string().min(1, 'Please enter.'), tags: z.array(z.string()).optional() }) },
  async ({ body }) => reply(body, 'Edit success'),
);

type Lambda = (e: APIGatewayProxyEventV2, c: Context) => Promise<unknown>;

async function invoke(handler: unknown, e: APIGatewayProxyEventV2) {
  const result = (await (handler as Lambda)(e, context)) as { statusCode: number; body: string; headers: Record<string, string> };
  return { status: result.statusCode, body: JSON.parse(result.body) as { code: number; message: string; data: unknown }, headers: result.headers };
}

describe('handler factory', () => {
  it('parses JSON bodies and answers the envelope', async () => {
    const r = await invoke(echo, event({ headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 200, message: 'Edit success', data: { name: 'Ada' } });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('parses form-urlencoded bodies, including bracket arrays', async () => {
    const r = await invoke(
      echo,
      event({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=Ada&tags%5B%5D=a&tags%5B%5D=b' }),
    );
    expect(r.body.data).toEqual({ name: 'Ada', tags: ['a', 'b'] });
  });

  it('parses multipart bodies', async () => {
    const boundary = '----WebKitFormBoundaryABC123';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'Ada', `--${boundary}--`, ''].join('\r\n');
    const r = await invoke(
      echo,
      event({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.from(body).toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ name: 'Ada' });
  });

  it('answers 422 with the field messages when validation fails', async () => {
    const r = await invoke(echo, event({ headers: { 'content-type': 'application/json' }, body: '{"name":""}' }));
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ code: 422, message: 'Please enter.', data: { errors: { name: 'Please enter.' } } });
  });

  it('answers 400 for a body it cannot read', async () => {
    const r = await invoke(echo, event({ headers: { 'content-type': 'application/json' }, body: '{"name":' }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The request body could not be read.');
  });

  it('refuses to define a delegate route without an authenticator', () => {
    expect(() => defineHandler(delegateRoute, {}, async () => null)).toThrow(/no authenticator/);
  });

  describe('delegate routes', () => {
    const seen: string[] = [];
    const whoAmI = defineHandler(
      delegateRoute,
      {
        authenticate: async (token) => {
          seen.push(token);
          if (token !== 'good') throw unauthorized();
          return { userId: 'u1', sessionId: 's1', email: 'u1@example.org', role: 'delegate' as const };
        },
      },
      async ({ auth }) => auth,
    );

    it('accepts the token as Authorization: Bearer, query field and body field', async () => {
      const bearer = await invoke(whoAmI, event({ headers: { authorization: 'Bearer good' } }));
      const query = await invoke(whoAmI, event({ queryStringParameters: { api_token: 'good' } }));
      const form = await invoke(
        whoAmI,
        event({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'api_token=good' }),
      );
      for (const r of [bearer, query, form]) expect(r.body).toEqual({ code: 200, message: 'success', data: { userId: 'u1', sessionId: 's1', email: 'u1@example.org', role: 'delegate' } });
    });

    it('answers 401 without a token or with a bad one', async () => {
      expect((await invoke(whoAmI, event({}))).status).toBe(401);
      const bad = await invoke(whoAmI, event({ headers: { authorization: 'Bearer nope' } }));
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe(401);
    });
  });

  describe('hostile requests', () => {
    it('refuses a form that writes to Object.prototype, and the next request without a token is still 401', async () => {
      const who = defineHandler(delegateRoute, { authenticate: async (token) => ({ userId: token, sessionId: 's', email: 'x@example.org', role: 'delegate' as const }) }, async ({ auth }) => auth);
      const polluted = await invoke(
        echo,
        event({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '__proto__%5Bapi_token%5D=victim-token&name=x' }),
      );
      expect(polluted.status).toBe(422);
      expect(({} as Record<string, unknown>).api_token).toBeUndefined();
      const next = await invoke(who, event({ headers: { 'content-type': 'application/json' }, body: '{}' }));
      expect(next.status).toBe(401);
    });

    it('answers 422 in the envelope for a multipart body with prototype names', async () => {
      const boundary = 'b0undary';
      const body = [`--${boundary}`, 'Content-Disposition: form-data; name="constructor[prototype][x]"', '', '1', `--${boundary}--`, ''].join('\r\n');
      const r = await invoke(echo, event({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body }));
      expect(r.status).toBe(422);
      expect(r.body.code).toBe(422);
    });
  });
});

describe('client address', () => {
  const at = (headers: Record<string, string>, sourceIp = '10.0.0.1') => clientAddress({ headers, requestContext: { http: { sourceIp } } } as never);

  it('is the address CloudFront vouches for, never X-Forwarded-For', () => {
    expect(at({ 'cloudfront-viewer-address': '203.0.113.7:51234', 'x-forwarded-for': '1.2.3.4, 5.6.7.8' })).toBe('203.0.113.7');
    expect(at({ 'cloudfront-viewer-address': '2001:db8::17:443' })).toBe('2001:db8::17');
    expect(at({ 'x-forwarded-for': '1.2.3.4' })).toBe('10.0.0.1');
  });
});

describe('origin check and logs', () => {
  const original = { ...process.env };
  afterEach(() => {
    process.env = { ...original };
    vi.resetModules();
    vi.restoreAllMocks();
  });

  it('refuses requests that did not come through CloudFront (no or a wrong x-origin-verify)', async () => {
    process.env.ORIGIN_VERIFY = 'the-secret-cloudfront-adds-0123456789';
    vi.resetModules();
    const { defineHandler: define } = await import('#lib/http/handler');
    const ok = define(publicRoute, {}, async () => 'ok');
    expect((await invoke(ok, event({}))).status).toBe(403);
    expect((await invoke(ok, event({ headers: { 'x-origin-verify': 'wrong' } }))).status).toBe(403);
    const through = await invoke(ok, event({ headers: { 'x-origin-verify': 'the-secret-cloudfront-adds-0123456789' } }));
    expect(through.body).toEqual({ code: 200, message: 'success', data: 'ok' });
  });

  it('refuses every request when the origin secret is not set (a function deployed without it is closed, not open)', async () => {
    delete process.env.ORIGIN_VERIFY;
    vi.resetModules();
    const { defineHandler: define } = await import('#lib/http/handler');
    const ok = define(publicRoute, {}, async () => 'ok');
    expect((await invoke(ok, event({}))).status).toBe(403);
    expect((await invoke(ok, event({ headers: { 'x-origin-verify': '' } }))).status).toBe(403);
  });

  it('makes mail links only from a configured site host; any other Host falls back to SITE_ORIGIN', async () => {
    process.env.SITE_ORIGIN = 'https://congress.example.org';
    process.env.SITE_HOSTS = 'congress.example.org,www.congress.example.org';
    vi.resetModules();
    const { siteOriginOf } = await import('#lib/http/handler');
    expect(siteOriginOf({ 'x-forwarded-host': 'WWW.congress.example.org' })).toBe('https://www.congress.example.org');
    expect(siteOriginOf({ 'x-forwarded-host': 'evil.example' })).toBe('https://congress.example.org');
    expect(siteOriginOf({ 'x-forwarded-host': 'congress.example.org@evil.example' })).toBe('https://congress.example.org');
    expect(siteOriginOf({})).toBe('https://congress.example.org');
    delete process.env.SITE_HOSTS;
    vi.resetModules();
    // Without SITE_HOSTS (a CloudFront-only deployment): CloudFront answers only for its own names.
    expect((await import('#lib/http/handler')).siteOriginOf({ 'x-forwarded-host': 'd111.cloudfront.net' })).toBe('https://d111.cloudfront.net');
  });

  it('never writes the api_token to a log line, however it came', async () => {
    const token = 'tok_3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    process.env.LOG_LEVEL = 'INFO';
    vi.resetModules();
    const { defineHandler: define } = await import('#lib/http/handler');
    const { logger } = await import('#lib/logger');
    // The logger writes through its own Console (as on Lambda): listen there.
    const sink = (logger as unknown as { console: Console }).console;
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(sink, method).mockImplementation(capture as never);
    try {
      const failing = define(
        delegateRoute,
        {
          authenticate: async (t) => {
            // An internal failure whose message carries the token (e.g. a driver echoing its input).
            throw new Error(`lookup failed for ${t} (api_token=${t})`);
          },
        },
        async () => null,
      );
      const answers = [
        await invoke(failing, event({ headers: { authorization: `Bearer ${token}` } })),
        await invoke(failing, event({ queryStringParameters: { api_token: token }, rawQueryString: `api_token=${token}` })),
        await invoke(failing, event({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_token: token }) })),
        await invoke(failing, event({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `api_token=${token}` })),
      ];
      for (const a of answers) expect(a.status).toBe(500);
    } finally {
      vi.restoreAllMocks();
    }
    const output = written.join('');
    expect(output).toContain('request failed');
    expect(output).toContain('[redacted]');
    expect(output).not.toContain(token);
  });
});

