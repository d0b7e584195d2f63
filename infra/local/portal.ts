/**
 * The whole portal on one machine: DynamoDB Local, s3rver, aws-ses-v2-local, and one HTTP
 * server that plays CloudFront (the site) and API Gateway (`/api/*` to the same handler modules
 * the Lambdas run). Used by `npm start` and by the tests.
 */
import http from 'node:http';
import path from 'node:path';
import { API_BASE } from '../../functions/core/routes';
import { pagePatterns, prerenderedPaths } from '../../web/src/config/paths';
import { securityHeaders } from '../site/routing';
import { assertPortFree } from './ports';
import { ensureTable, startDynamo } from './dynamodb';
import { startS3 } from './s3';
import { startMail } from './mail';
import { createSiteHandler } from './site';

export interface PortalOptions {
  port: number;
  dynamoPort: number;
  s3Port: number;
  mailPort: number;
  host?: string;
  /** Where data survives restarts; omitted: everything is temporary (tests). */
  dataDir?: string;
  /** The built SPA (dist/web). */
  webRoot?: string;
  appNow?: string;
  logLevel?: string;
}

export const TABLE_NAME = 'congress';
export const UPLOADS_BUCKET = 'congress-uploads';

export async function startLocalPortal(options: PortalOptions) {
  const host = options.host ?? '127.0.0.1';
  const origin = `http://localhost:${options.port}`;
  const checks: [number, string, string][] = [
    [options.port, 'portal', 'PORT'],
    [options.s3Port, 'S3', 'S3_PORT'],
    [options.mailPort, 'mail', 'MAIL_PORT'],
  ];
  for (const [port, what, envName] of checks) await assertPortFree(port, host, what, envName);

  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    // DynamoDB first: a leftover from a crashed run is stopped before its port is checked.
    const dynamo = await startDynamo({ port: options.dynamoPort, host, dataDir: options.dataDir });
    stops.push(dynamo.stop);
    await ensureTable(dynamo.client, TABLE_NAME);
    const s3 = await startS3({
      port: options.s3Port,
      host,
      dataDir: options.dataDir,
      buckets: [UPLOADS_BUCKET],
      siteOrigins: [origin, `http://127.0.0.1:${options.port}`],
    });
    stops.push(s3.stop);
    const mail = await startMail({ port: options.mailPort, host });
    stops.push(mail.stop);

    Object.assign(process.env, {
      APP_MODE: 'local',
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      TABLE_NAME,
      UPLOADS_BUCKET,
      MAIL_FROM: process.env.MAIL_FROM ?? 'IACR 2024 Beijing <no-reply@iacr2024-beijing.org>',
      SITE_ORIGIN: origin,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      SES_ENDPOINT: mail.endpoint,
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'INFO',
      ...(options.appNow ? { APP_NOW: options.appNow } : {}),
    });

    // Loaded only now: the handler modules read the settings above.
    const { loadHandlers, handleApi } = await import('./api-gateway');
    const handlers = await loadHandlers();
    const apiTraffic = { requests: 0, bodyBytes: 0 };
    const site = createSiteHandler({
      root: path.resolve(options.webRoot ?? 'dist/web'),
      prerendered: prerenderedPaths,
      patterns: pagePatterns,
      headers: securityHeaders({ uploadOrigins: [s3.endpoint] }),
    });
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', origin);
      const work = url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)
        ? handleApi(req, res, url, handlers, apiTraffic)
        : Promise.resolve(site(req, res, url));
      work.catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, message: 'Local server error.', data: null }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, resolve);
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return {
      origin,
      api: `${origin}${API_BASE}`,
      dynamo: dynamo.endpoint,
      s3: s3.endpoint,
      mail: mail.endpoint,
      /** Requests and body bytes that reached the functions so far. */
      apiTraffic,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
