/**
 * The local stand-in for API Gateway: mounts every entry of the route table, turns a Node
 * request into the HTTP API (payload 2.0) event the Lambda receives on AWS, and calls the same
 * handler module. Bodies over 6 MB are refused as Lambda would refuse them.
 *
 * It also plays CloudFront's part for /api/*: like the origin request policy and the viewer
 * request function on AWS, it sets `CloudFront-Viewer-Address` (the viewer's address),
 * `x-forwarded-host` and `CloudFront-Forwarded-Proto` (the site's address as the viewer used it)
 * and the secret `x-origin-verify` header, overwriting whatever the client sent under those names.
 *
 * Local only:
 * - a request header `x-app-now: <ISO instant>` pins the server clock for that one request
 *   (tests use it to try deadlines without restarting anything);
 * - `x-local-client-ip` says which client address this request comes from (tests use it to act
 *   as distinct clients); it becomes the viewer address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_BASE, matchPath, routeList, type RouteDef } from '../../functions/core/routes';
import { runAt } from '../../functions/lib/clock';
import { observeAwsCalls } from '../../functions/lib/aws/grants';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const MAX_BODY_BYTES = 6 * 1024 * 1024;
const handlersDir = path.resolve(import.meta.dirname, '../../functions/handlers');

export async function loadHandlers(): Promise<Map<string, LambdaHandler>> {
  const loaded = new Map<string, LambdaHandler>();
  for (const route of routeList) {
    const mod = (await import(pathToFileURL(path.join(handlersDir, `${route.handler}.ts`)).href)) as {
      handler?: LambdaHandler;
    };
    if (typeof mod.handler !== 'function') throw new Error(`functions/handlers/${route.handler}.ts exports no handler`);
    loaded.set(route.id, mod.handler);
  }
  return loaded;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(body);
}

const envelope = (code: number, message: string) => JSON.stringify({ code, message, data: null });

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Past the limit nothing more is kept, but the body is still read to its end (up to 64 MB), as a
    // gateway does before it answers 413: leaving the loop would reset the socket while the client
    // still sends, and the client would see a broken pipe instead of the answer.
    if (size > 64 * 1024 * 1024) return 'too-large';
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks);
}

const isText = (contentType: string) =>
  /^(application\/(json|x-www-form-urlencoded)|text\/)/.test(contentType) || contentType.includes('+json');

export interface CloudFrontPart {
  /** The value CloudFront adds as `x-origin-verify` (the functions refuse requests without it). */
  originVerify: string;
}

/** Entries as an object of own properties only (a name like `__proto__` stays a plain key, as JSON.parse keeps it on AWS). */
const ownObject = (entries: Iterable<readonly [string, string]>) => Object.fromEntries(entries) as Record<string, string>;

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteDef & { id: string },
  params: Record<string, string>,
  body: Buffer,
  cloudFront: CloudFrontPart,
): APIGatewayProxyEventV2 {
  const viewer = (typeof req.headers['x-local-client-ip'] === 'string' && req.headers['x-local-client-ip']) || req.socket.remoteAddress || '127.0.0.1';
  const fromCloudFront = new Set(['x-local-client-ip', 'cloudfront-viewer-address', 'x-origin-verify', 'x-forwarded-host', 'cloudfront-forwarded-proto']);
  const headers = ownObject([
    ...Object.entries(req.headers)
      .filter(([name, value]) => value !== undefined && !fromCloudFront.has(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)] as const),
    ['cloudfront-viewer-address', `${viewer}:${req.socket.remotePort ?? 0}`],
    ['x-origin-verify', cloudFront.originVerify],
    // The viewer's host, as the CloudFront Function on /api/* copies it (links in mails use it).
    ['x-forwarded-host', req.headers.host ?? url.host],
    ['cloudfront-forwarded-proto', 'http'],
  ]);
  const joined = new Map<string, string>();
  for (const [k, v] of url.searchParams) joined.set(k, joined.has(k) ? `${joined.get(k)},${v}` : v);
  const query = ownObject(joined);
  const contentType = headers['content-type'] ?? '';
  const text = isText(contentType);
  return {
    version: '2.0',
    routeKey: `${route.method} ${API_BASE}${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: joined.size ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (text ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !text,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey: `${route.method} ${API_BASE}${route.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        // The connection comes from CloudFront, not from the viewer.
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
    },
  };
}

/** A Lambda context; `timeoutMs` is the function's timeout (middy answers or fails a little before it, as on AWS). */
export function lambdaContext(functionName: string, timeoutMs = 10_000): Context {
  const id = randomUUID();
  const deadline = Date.now() + timeoutMs;
  return {
    awsRequestId: id,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * What reached the functions, as Lambda would see it (read by `npm run bench`): requests and their
 * body bytes, and per route each request's duration and its DynamoDB round trips (counted by an
 * SDK middleware, functions/lib/aws/grants.ts).
 */
export interface ApiTraffic {
  requests: number;
  bodyBytes: number;
  byRoute?: Map<string, { ms: number; dynamodb: number }[]>;
}

const requestStats = new AsyncLocalStorage<{ dynamodb: number }>();
observeAwsCalls((service) => {
  const stats = requestStats.getStore();
  if (stats && service === 'dynamodb') stats.dynamodb += 1;
});

export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  handlers: Map<string, LambdaHandler>,
  cloudFront: CloudFrontPart,
  traffic?: ApiTraffic,
  /** A page the server renders (infra/site/routing.ts `serverPageFor`): CloudFront's behaviour adds the site's headers and compresses it. */
  page?: { headers: Record<string, string> },
) {
  const relative = url.pathname.slice(API_BASE.length) || '/';
  let matched: { route: (typeof routeList)[number]; params: Record<string, string> } | undefined;
  // Like API Gateway, a literal segment wins over a parameter (/contribute/options before /contribute/{id}).
  for (const route of routeList) {
    if (route.method !== req.method) continue;
    const params = matchPath(route.path, relative);
    if (params && (!matched || Object.keys(params).length < Object.keys(matched.params).length)) matched = { route, params };
  }
  if (!url.pathname.startsWith(API_BASE) || !matched) return send(res, 404, envelope(404, 'No such API route.'));
  const body = await readBody(req);
  if (body === 'too-large') return send(res, 413, envelope(413, 'The request is too large.'), { connection: 'close' });

  if (traffic) {
    traffic.requests += 1;
    traffic.bodyBytes += body.length;
  }
  const event = toEvent(req, url, matched.route, matched.params, body, cloudFront);
  const handler = handlers.get(matched.route.id)!;
  const pinned = req.headers['x-app-now'];
  if (typeof pinned === 'string' && pinned && Number.isNaN(Date.parse(pinned))) {
    return send(res, 400, envelope(400, 'x-app-now is not an ISO instant.'));
  }
  const stats = { dynamodb: 0 };
  const started = performance.now();
  const invoke = () => requestStats.run(stats, () => handler(event, lambdaContext(matched.route.id)));
  const result = typeof pinned === 'string' && pinned ? await runAt(new Date(pinned), invoke) : await invoke();
  if (traffic?.byRoute) {
    const list = traffic.byRoute.get(matched.route.id) ?? [];
    list.push({ ms: performance.now() - started, dynamodb: stats.dynamodb });
    if (list.length > 10_000) list.shift(); // npm start may run for days
    traffic.byRoute.set(matched.route.id, list);
  }
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
  // Local only (API Gateway adds nothing of the kind): how many DynamoDB round trips the function
  // made for this request, so API tests assert the counts of the money path (test/api/round-trips.test.ts).
  headers['x-local-dynamodb-round-trips'] = String(stats.dynamodb);
  let answer: string | Buffer = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? '');
  if (page) {
    Object.assign(headers, page.headers, { vary: 'accept-encoding' });
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /^text\/html/.test(headers['content-type'] ?? '')) {
      answer = gzipSync(answer);
      headers['content-encoding'] = 'gzip';
      headers['content-length'] = String(answer.length);
    }
  }
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(answer);
}
