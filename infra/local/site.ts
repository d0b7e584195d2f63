/**
 * The local stand-in for CloudFront in front of the site bucket: the same path rules
 * (infra/site/routing.ts, including status 404 for the not-found page), gzip for text, long caching for hashed assets, and the security headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { NOT_FOUND_OBJECT, siteObjectFor } from '../site/routing';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

export function createSiteHandler(options: { root: string; prerendered: string[]; patterns: string[]; headers: Record<string, string> }) {
  const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

  return (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    if (!fs.existsSync(path.join(options.root, 'app.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The web app is not built yet: run `npm run build` (npm start does it for you).\n');
    }
    let key: string;
    try {
      key = siteObjectFor(decodeURIComponent(url.pathname), options.prerendered, options.patterns);
    } catch {
      res.writeHead(400);
      return res.end();
    }
    const file = path.resolve(options.root, `.${key}`);
    if (!file.startsWith(options.root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...options.headers });
      return res.end('Not found\n');
    }
    const ext = path.extname(file).toLowerCase();
    const stat = fs.statSync(file);
    const headers: Record<string, string> = {
      ...options.headers,
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': key.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    let body: Buffer;
    if (gzip) {
      const cached = gzipCache.get(file);
      body = cached && cached.mtimeMs === stat.mtimeMs ? cached.body : zlib.gzipSync(fs.readFileSync(file), { level: 9 });
      gzipCache.set(file, { mtimeMs: stat.mtimeMs, body });
      headers['content-encoding'] = 'gzip';
    } else {
      body = fs.readFileSync(file);
    }
    headers['content-length'] = String(body.length);
    // The not-found page says so with its status, as CloudFront's viewer-response function does.
    res.writeHead(key.replace(/^\/zh\//, '/') === NOT_FOUND_OBJECT ? 404 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
