import { createHash } from 'node:crypto';
import { sessionFlagScript } from '../../web/src/lib/session-store';

/**
 * How the site answers a path, the same on CloudFront and locally:
 * - a pre-rendered page is served from `<path>/index.html` (fast first paint);
 * - a path with a file extension is a file (`/assets/..`, `/pdf/..`, `/images/..`);
 * - a page route of the SPA (`patterns`, `:param` matches one segment, any case like the router)
 *   is the SPA shell `/app.html`, or, for a route pre-rendered with its frame (a pattern in
 *   `prerendered`), its own file: `/admin/upload-update/:id` -> `/admin/upload-update/_id/index.html`;
 * - anything else is `/404.html`, the not-found page, which is answered with status 404;
 * - a Chinese address (`/zh/...`) is the same under /zh: `/zh/login` -> `/zh/login/index.html`.
 *
 * `siteObjectFor` is written in plain ES5 so that its source text can be embedded as is in the
 * CloudFront Functions (see infra/cdk/web-stack.ts); keep it free of imports and modern syntax.
 */
export function siteObjectFor(uri: string, prerendered: string[], patterns: string[]): string {
  // A Chinese page (`/zh/...`, functions/core/i18n/lang.ts) is the same rule under /zh; files are shared.
  var zh = /^\/zh(\/|$)/i.exec(uri);
  if (zh) {
    var rest = uri.slice(3) || '/';
    var object = siteObjectFor(rest, prerendered, patterns);
    return object.indexOf('.html') === object.length - 5 ? '/zh' + object : object;
  }
  if (uri === '/' || uri === '') return '/index.html';
  var clean = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (prerendered.indexOf(clean) !== -1 && clean.indexOf(':') === -1) return clean + '/index.html';
  var last = clean.slice(clean.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  var parts = clean.toLowerCase().split('/');
  for (var i = 0; i < patterns.length; i++) {
    var pattern = patterns[i]!.toLowerCase().split('/');
    if (pattern.length !== parts.length) continue;
    var same = true;
    for (var j = 0; j < pattern.length && same; j++) {
      same = pattern[j]!.charAt(0) === ':' ? parts[j] !== '' : pattern[j] === parts[j];
    }
    if (same) return patterns[i]!.indexOf(':') !== -1 && prerendered.indexOf(patterns[i]!) !== -1 ? patterns[i]!.replace(/:/g, '_') + '/index.html' : '/app.html';
  }
  return '/404.html';
}

/**
 * Pages the server renders per request (decision 0072): each is `[page pattern, API path]`, where
 * `:name` is one segment of the page's address, put into the API path as it came (still encoded).
 * `serverPageFor` gives the API path and the language of the page (`/zh/...` is Chinese), or null
 * when the address is not such a page. Plain ES5 as `siteObjectFor` (embedded in a CloudFront Function).
 */
export function serverPageFor(uri: string, pages: string[][]): { uri: string; lang: string } | null {
  var lang = 'en';
  if (/^\/zh(\/|$)/i.test(uri)) {
    lang = 'zh-Hans';
    uri = uri.slice(3) || '/';
  }
  var clean = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  var parts = clean.split('/');
  for (var i = 0; i < pages.length; i++) {
    var pattern = pages[i]![0]!.split('/');
    if (pattern.length !== parts.length) continue;
    var values: Record<string, string> = {};
    var same = true;
    for (var j = 0; j < pattern.length && same; j++) {
      if (pattern[j]!.charAt(0) === ':') {
        same = parts[j] !== '';
        values[pattern[j]!.slice(1)] = parts[j]!;
      } else same = pattern[j]!.toLowerCase() === parts[j]!.toLowerCase();
    }
    if (same) return { uri: pages[i]![1]!.replace(/:(\w+)/g, function (_: string, name: string) { return values[name]!; }), lang: lang };
  }
  return null;
}

/** The CloudFront path patterns of the server's pages (English and Chinese): a page's address up to its first parameter, then `*`. */
export function serverPagePathPatterns(pages: string[][]): string[] {
  return pages.flatMap(([page]) => {
    const prefix = `${page!.slice(0, page!.indexOf('/:'))}/*`;
    return [prefix, `/zh${prefix}`];
  });
}

/** The not-found page; whoever serves it answers status 404. */
export const NOT_FOUND_OBJECT = '/404.html';

/** The CSP source that allows exactly the inline session-flag script of every page, and no other. */
export const sessionFlagScriptSource = `'sha256-${createHash('sha256').update(sessionFlagScript).digest('base64')}'`;

/** Response headers of every site answer (CloudFront response headers policy and local server). */
export function securityHeaders(options: { uploadOrigins: string[] }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval': the check-in app's QR decoder is WebAssembly (zxing-wasm, a file of this site).
    `script-src 'self' ${sessionFlagScriptSource} 'wasm-unsafe-eval'`,
    // Chakra (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // The uploads bucket too: the office sees a delegate's image documents and voucher inline (presigned GET).
    `img-src 'self' data: blob: ${options.uploadOrigins.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${options.uploadOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The camera for this site's own pages only: the check-in app scans tickets with it.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
  };
}
