/**
 * The handler factory: owns the middy stack of every function, so that a handler is only
 * "parse -> one domain call -> envelope".
 *
 * Order of the stack (middy runs `before` top-down, `after`/`onError` bottom-up):
 *   1. Powertools logger: request id on every log line;
 *   2. header normalizer, then the JSON, urlencoded and multipart body parsers (any may apply);
 *   3. our own step: auth, zod validation, the call, the envelope, and the error map (last).
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { RouteDef } from '#core/routes';
import { unauthorized } from '#core/errors';
import type { Envelope } from '#core/envelope';
import { assertClockConfig, now } from '../clock';
import { logger } from '../logger';
import { normalizeBody } from './body';
import { toErrorAnswer } from './errors';

export interface Principal {
  userId: string;
  sessionId: string;
}

/** Resolves an api_token to its delegate, or throws `unauthorized`. */
export type Authenticate = (token: string, at: Date) => Promise<Principal>;

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<Q, B, P, A> {
  query: Q;
  body: B;
  params: P;
  auth: A;
  /** The request's instant from the server clock; pass it to the domain, never call Date.now(). */
  now: Date;
  requestId: string;
  /** Origin the client used (for links in mails); falls back to SITE_ORIGIN. */
  origin: string | undefined;
  /** The client's address, for per-client limits (see clientAddress). */
  sourceIp: string;
}

/** Lets a handler choose the envelope message or status of a success. */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message = 'success',
    readonly status = 200,
  ) {}
}
export const reply = <T>(data: T, message?: string, status?: number) => new Reply(data, message, status);

/** The answer of a domain rule that says what happened: `{ message, data? }`. */
export const replyWith = (result: { message: string; data?: unknown }) => new Reply(result.data ?? null, result.message);

interface Options<Q, B, P> {
  query?: Q;
  body?: B;
  params?: P;
  authenticate?: Authenticate;
}

/** api_token as the spec sends it (query, body or form field) or as `Authorization: Bearer`. */
export function tokenOf(event: APIGatewayProxyEventV2, body: Record<string, unknown> | undefined) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  const fromBody = typeof body?.api_token === 'string' ? body.api_token : undefined;
  return bearer ?? event.queryStringParameters?.api_token ?? fromBody;
}

/**
 * The client's address. Behind CloudFront the connection comes from an edge server, and
 * CloudFront appends the viewer's address to X-Forwarded-For: the last entry is the one it
 * vouches for (earlier entries are whatever the client sent). This assumes the API is reached
 * through CloudFront (docs/decisions.md).
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const forwarded = event.headers?.['x-forwarded-for']?.split(',').map((s) => s.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

const json = (status: number, envelope: Envelope, headers: Record<string, string> = {}) =>
  ({
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(envelope),
  }) satisfies APIGatewayProxyStructuredResultV2;

export function defineHandler<
  R extends RouteDef,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  route: R,
  options: Options<Q, B, P>,
  run: (
    input: HandlerInput<Infer<Q>, Infer<B>, Infer<P>, R['auth'] extends 'delegate' ? Principal : undefined>,
  ) => Promise<unknown>,
) {
  assertClockConfig();
  if (route.auth === 'delegate' && !options.authenticate) {
    throw new Error(`Route ${route.method} ${route.path} needs a delegate but its handler has no authenticator`);
  }

  const core = async (
    event: APIGatewayProxyEventV2,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const started = Date.now();
    const requestId = context.awsRequestId;
    let status = 500;
    try {
      const at = now();
      const body = normalizeBody(event.body, event.headers?.['content-type']);
      let auth: Principal | undefined;
      if (route.auth === 'delegate') {
        const token = tokenOf(event, body);
        if (!token) throw unauthorized('Please log in first.');
        auth = await options.authenticate!(token, at);
        logger.appendKeys({ user_id: auth.userId });
      }
      const input = {
        query: options.query ? options.query.parse(event.queryStringParameters ?? {}) : undefined,
        body: options.body ? options.body.parse(body ?? {}) : undefined,
        params: options.params ? options.params.parse(event.pathParameters ?? {}) : undefined,
        auth,
        now: at,
        requestId,
        origin: event.headers?.origin,
        sourceIp: clientAddress(event),
      } as Parameters<typeof run>[0];
      const result = await run(input);
      const answer = result instanceof Reply ? result : new Reply(result ?? null);
      status = answer.status;
      return json(answer.status, { code: 200, message: answer.message, data: answer.data });
    } catch (error) {
      const answer = toErrorAnswer(error, requestId);
      status = answer.status;
      if (answer.internal) logger.error('request failed', { error: error as Error });
      return json(answer.status, answer.envelope, answer.headers);
    } finally {
      logger.info('request', {
        route: `${route.method} ${route.path}`,
        status,
        duration_ms: Date.now() - started,
      });
    }
  };

  return middy(core)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpHeaderNormalizer())
    .use(httpJsonBodyParser({ disableContentTypeError: true }))
    .use(httpUrlencodeBodyParser({ disableContentTypeError: true }))
    .use(httpMultipartBodyParser({ disableContentTypeError: true }))
    .onError(async (request) => {
      // Only the body parsers can fail before `core` runs: answer in the envelope all the same.
      const answer = toErrorAnswer(request.error, request.context.awsRequestId);
      request.response = json(answer.status, answer.envelope, answer.headers);
    });
}
