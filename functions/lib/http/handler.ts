/**
 * The handler factory: owns the middy stack of every function, so that a handler is only
 * "parse -> one domain call -> envelope".
 *
 * Order of the stack (middy runs `before` top-down, `after`/`onError` bottom-up):
 *   1. Powertools logger: request id on every log line (the event itself is never logged);
 *   2. header normalizer;
 *   3. our own step: the origin check, body and query parsing (functions/lib/http/body.ts: our
 *      own parser, on null-prototype objects), auth, zod validation, the call, the envelope,
 *      and the error map (last). The whole step runs as its route: every SDK call is held to
 *      the route's grants (functions/lib/aws/grants.ts) and the api_token never reaches a log line.
 */
import { timingSafeEqual } from 'node:crypto';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { isSignedIn, type RouteDef, type SignedInAuth } from '#core/routes';
import { assertRouteRole } from '#core/office/access';
import type { Principal } from '#core/accounts/ports';
import { AppError, unauthorized } from '#core/errors';
import { LANGUAGE_HEADER, parseLang, type Lang } from '#core/i18n/lang';
import { localise } from '#core/i18n/server-messages';
import { text, type Text } from '#core/i18n/messages';
import type { Device } from '#core/checkin/ports';
import type { Envelope } from '#core/envelope';
import { asRoute } from '../aws/grants';
import { assertClockConfig, now } from '../clock';
import { env } from '../env';
import { logger, redactInLogs, withRedaction } from '../logger';
import { ownString, parseBody, parseQuery, type Json } from './body';
import { toErrorAnswer } from './errors';

export type { Principal };

/** Resolves an api_token to its delegate, or throws `unauthorized`. */
export type Authenticate = (token: string, at: Date) => Promise<Principal>;
/** Resolves a check-in device's token to its device (core/checkin/devices.ts), or throws `unauthorized`. */
export type AuthenticateDevice = (token: string, at: Date) => Promise<Device>;
/** Who a route's caller is: a signed-in account, a door's device, or nobody. */
type CallerOf<A> = A extends SignedInAuth ? Principal : A extends 'device' ? Device : undefined;

type Schema = z.ZodMiniType;
type Infer<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface HandlerInput<Q, B, P, A> {
  query: Q;
  body: B;
  params: P;
  auth: A;
  /** The request's instant from the server clock; pass it to the domain, never call Date.now(). */
  now: Date;
  requestId: string;
  /** The language the client asked its messages in (`X-Language`); English when it named none. */
  lang: Lang;
  /**
   * The site's address as the delegate reached it (for links in mails and payment return
   * addresses): the host CloudFront states (see `siteOriginOf`).
   */
  siteOrigin: string;
  /** The client's address, for per-client limits (see clientAddress). */
  sourceIp: string;
  /** The exact bytes of the body as text and the request's headers (a signed webhook needs both). */
  raw: { body: string; headers: Record<string, string | undefined> };
}

/** Lets a handler choose the envelope message or status of a success. */
export class Reply<T> {
  constructor(
    readonly data: T,
    /** Words, or a catalog text with values (given in the request's language). */
    readonly message: string | Text = 'success',
    readonly status = 200,
  ) {}
}
export const reply = <T>(data: T, message?: string | Text, status?: number) => new Reply(data, message, status);

/**
 * A success that is a file rather than the envelope (a calendar to import or subscribe to, a page
 * the server renders): only for a route that declares it (`file` in the route table); its refusals
 * stay envelopes. A page has no file name, and may say with `status` that it is a not-found page.
 */
export class FileReply {
  constructor(
    readonly body: string,
    readonly contentType: string,
    readonly filename?: string,
    readonly status: 200 | 404 = 200,
  ) {}
}

/** A success that sends the browser on to `location` (a route with `redirect`: a file's short-lived link). */
export class RedirectReply {
  constructor(readonly location: string) {}
}

/** The answer of a domain rule that says what happened: `{ message, data? }`. */
export const replyWith = (result: { message: string | Text; data?: unknown }) => new Reply(result.data ?? null, result.message);

interface Options<Q, B, P> {
  query?: Q;
  body?: B;
  params?: P;
  authenticate?: Authenticate;
  authenticateDevice?: AuthenticateDevice;
}

/** api_token as the spec sends it (query, body or form field) or as `Authorization: Bearer`; own fields only. */
export function tokenOf(headers: Record<string, string | undefined>, query: Json, body: Json | undefined) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  return bearer ?? ownString(query, 'api_token') ?? ownString(body, 'api_token');
}

/**
 * The client's address, for per-client limits: the one CloudFront vouches for. CloudFront sets
 * `CloudFront-Viewer-Address` (`ip:port`, IPv6 too) itself, whatever the viewer sent, and the
 * origin request policy forwards it; X-Forwarded-For is not used (its first entries are the
 * client's word). Requests that did not come through CloudFront are refused before this (origin
 * check), so the fallback to the connection's address only serves tests of the factory.
 */
export function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const ip = viewer ? viewer.slice(0, viewer.lastIndexOf(':') > 0 ? viewer.lastIndexOf(':') : undefined) : undefined;
  return ip || event.requestContext?.http?.sourceIp || 'unknown';
}

/**
 * `https://<host>` of the site as the viewer reached it, for links in mails. A CloudFront
 * Function on /api/* copies the viewer's Host into `x-forwarded-host` (and the origin request
 * policy forwards it with CloudFront-Forwarded-Proto), and a request that did not come through
 * CloudFront is refused (x-origin-verify). CloudFront answers only for the distribution's own
 * names; where the site's hosts are configured (SITE_HOSTS: locally always) a host that is not
 * one of them is not believed, and the link points at SITE_ORIGIN instead.
 */
export function siteOriginOf(headers: Record<string, string | undefined>): string {
  const host = headers['x-forwarded-host']?.toLowerCase();
  const allowed = env.siteHosts();
  if (host && /^[a-z0-9.-]+(:\d{1,5})?$/.test(host) && (!allowed || allowed.includes(host))) {
    const proto = headers['cloudfront-forwarded-proto'] === 'http' ? 'http' : 'https';
    return `${proto}://${host}`;
  }
  return env.siteOrigin();
}

export const originMessages = {
  notThroughSite: 'This API is only available through the congress website.',
};

/**
 * CloudFront adds the secret `x-origin-verify` to every /api/* request; anything else is refused.
 * Without the secret (a function deployed or started without it) every request is refused: the
 * check fails closed.
 */
function assertThroughCloudFront(headers: Record<string, string | undefined>) {
  const expected = env.originVerify();
  if (!expected) throw new AppError('forbidden', originMessages.notThroughSite);
  const given = Buffer.from(headers['x-origin-verify'] ?? '');
  const want = Buffer.from(expected);
  if (given.length !== want.length || !timingSafeEqual(given, want)) throw new AppError('forbidden', originMessages.notThroughSite);
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
    input: HandlerInput<Infer<Q>, Infer<B>, Infer<P>, CallerOf<R['auth']>>,
  ) => Promise<unknown>,
) {
  assertClockConfig();
  const needsDelegate = isSignedIn(route.auth);
  if (needsDelegate && !options.authenticate) {
    throw new Error(`Route ${route.method} ${route.path} needs a delegate but its handler has no authenticator`);
  }
  const needsDevice = route.auth === 'device';
  if (needsDevice && !options.authenticateDevice) throw new Error(`Route ${route.method} ${route.path} needs a device but its handler has no authenticator`);

  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const started = Date.now();
    const requestId = context.awsRequestId;
    const headers = (event.headers ?? {}) as Record<string, string | undefined>;
    const lang = parseLang(headers[LANGUAGE_HEADER]) ?? 'en';
    let status = 500;
    try {
      assertThroughCloudFront(headers);
      const at = now();
      const query = parseQuery(event.queryStringParameters);
      const body = await parseBody({ body: event.body, isBase64Encoded: event.isBase64Encoded, contentType: headers['content-type'] });
      const token = tokenOf(headers, query, body);
      redactInLogs(token);
      let auth: Principal | Device | undefined;
      if (needsDelegate) {
        if (!token) throw unauthorized('Please log in first.');
        const principal = await options.authenticate!(token, at);
        logger.appendKeys({ user_id: principal.userId });
        assertRouteRole(route, principal);
        auth = principal;
      } else if (needsDevice) {
        if (!token) throw new AppError('unauthorized', text('api.checkin.deviceUnknown'));
        auth = await options.authenticateDevice!(token, at);
        logger.appendKeys({ device_id: auth.id });
      }
      const input = {
        query: options.query ? options.query.parse(query) : undefined,
        body: options.body ? options.body.parse(body ?? {}) : undefined,
        params: options.params ? options.params.parse(event.pathParameters ?? {}) : undefined,
        auth,
        now: at,
        requestId,
        lang,
        sourceIp: clientAddress(event),
        // Only handlers that make links read it (a setting may be needed when CloudFront's header is absent).
        get siteOrigin() {
          return siteOriginOf(headers);
        },
        get raw() {
          const text = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
          return { body: text, headers };
        },
      } as Parameters<typeof run>[0];
      const result = await run(input);
      if (result instanceof RedirectReply && route.redirect) {
        status = 302;
        return {
          statusCode: 302,
          headers: {
            location: result.location,
            'cache-control': route.auth === 'public' && route.publicCacheSeconds ? `public, max-age=${route.publicCacheSeconds}` : 'no-store',
          },
          body: '',
        } satisfies APIGatewayProxyStructuredResultV2;
      }
      if (result instanceof FileReply && route.file) {
        status = result.status;
        return {
          statusCode: result.status,
          headers: {
            'content-type': result.contentType,
            ...(result.filename ? { 'content-disposition': `inline; filename="${result.filename.replace(/[^\w.-]/g, '')}"` } : {}),
            'cache-control': route.auth === 'public' && route.publicCacheSeconds ? `public, max-age=${route.publicCacheSeconds}` : 'no-store',
          },
          body: result.body,
        } satisfies APIGatewayProxyStructuredResultV2;
      }
      const answer = result instanceof Reply ? result : new Reply(result ?? null);
      status = answer.status;
      // The same data for everyone (a public route that says so): cached, per language of its message.
      const cached = route.auth === 'public' && route.publicCacheSeconds ? { 'cache-control': `public, max-age=${route.publicCacheSeconds}`, vary: LANGUAGE_HEADER } : undefined;
      return json(answer.status, { code: 200, message: localise(lang, answer.message), data: answer.data }, cached);
    } catch (error) {
      const answer = toErrorAnswer(error, requestId, lang);
      status = answer.status;
      if (answer.internal) logger.error('request failed', { error: error as Error });
      return json(answer.status, answer.envelope, answer.headers);
    } finally {
      logger.info('request', { route: `${route.method} ${route.path}`, status, duration_ms: Date.now() - started });
    }
  };

  return middy((event: APIGatewayProxyEventV2, context: Context) =>
    asRoute(route, () => withRedaction(() => core(event, context))),
  )
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(httpHeaderNormalizer())
    .onError(async (request) => {
      // Nothing around `core` is expected to fail; answer in the envelope all the same, and say why.
      const answer = toErrorAnswer(request.error, request.context.awsRequestId);
      if (answer.internal) logger.error('request failed outside the handler', { error: request.error as Error });
      request.response = json(answer.status, answer.envelope, answer.headers);
    });
}
