/**
 * The handler factory with its real middy stack, driven by API Gateway (payload 2.0) events:
 * the three body encodings, validation, auth and the envelope.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unauthorized } from '#core/errors';
import type { RouteDef } from '#core/routes';
import { defineHandler, reply } from '#lib/http/handler';

const context = { awsRequestId: 'req-1', functionName: 'test' } as Context;

function event(partial: Partial<APIGatewayProxyEventV2> & { body?: string }): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /x',
    rawPath: '/x',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/x', sourceIp: '127.0.0.1' } } as never,
    ...partial,
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
          return { userId: 'u1', sessionId: 's1' };
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
      for (const r of [bearer, query, form]) expect(r.body).toEqual({ code: 200, message: 'success', data: { userId: 'u1', sessionId: 's1' } });
    });

    it('answers 401 without a token or with a bad one', async () => {
      expect((await invoke(whoAmI, event({}))).status).toBe(401);
      const bad = await invoke(whoAmI, event({ headers: { authorization: 'Bearer nope' } }));
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe(401);
    });
  });
});
