/**
 * How the site answers a path, the same on CloudFront and locally:
 * - a pre-rendered public page is served from `<path>/index.html` (fast first paint);
 * - a path with a file extension is a file (`/assets/..`, `/pdf/..`, `/images/..`);
 * - any other path is the SPA shell `/app.html`, whose router shows the page or "not found".
 *
 * `siteObjectFor` is written in plain ES5 so that its source text can be embedded as is in the
 * CloudFront Function (see infra/cdk/web-stack.ts); keep it free of imports and modern syntax.
 */
export function siteObjectFor(uri: string, prerendered: string[]): string {
  if (uri === '/' || uri === '') return '/index.html';
  var clean = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (prerendered.indexOf(clean) !== -1) return clean + '/index.html';
  var last = clean.slice(clean.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  return '/app.html';
}

/** Response headers of every site answer (CloudFront response headers policy and local server). */
export function securityHeaders(options: { uploadOrigins: string[] }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
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
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}
