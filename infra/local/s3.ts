/**
 * s3rver as the local S3. It stores and serves objects and answers CORS preflights, but checks
 * neither signatures nor the signed size and type of presigned uploads: the functions verify
 * every stored upload themselves (see the upload confirmation), which is what keeps the limits here.
 *
 * One gap is filled here, because the portal relies on it: S3 stores the tags an upload sends in
 * `x-amz-tagging` (the pending tag its lifecycle rule expires); s3rver ignores that header, so a
 * small middleware stores them the way PutObjectTagging would.
 */
import S3rver from 's3rver';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { waitFor } from './ports';

function corsXml(origins: string[]) {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The parts of s3rver's (Koa) request context this middleware uses. */
interface S3rverContext {
  method: string;
  status: number;
  querystring: string;
  params?: { bucket?: string; key?: string };
  get(header: string): string;
  store: { putSubresource(bucket: string, key: string, config: unknown): Promise<void> };
}

const { TaggingConfiguration } = createRequire(import.meta.url)('s3rver/lib/models/config') as {
  TaggingConfiguration: { validate(xml: string): unknown };
};

/** After a successful PUT of an object with `x-amz-tagging: k=v&...`, store those tags. */
function tagsFromHeader() {
  return async (ctx: S3rverContext, next: () => Promise<void>) => {
    await next();
    const header = ctx.get('x-amz-tagging');
    const { bucket, key } = ctx.params ?? {};
    if (ctx.method !== 'PUT' || !header || ctx.status !== 200 || !bucket || !key || new URLSearchParams(ctx.querystring).has('tagging')) return;
    const tags = [...new URLSearchParams(header)].map(([k, v]) => `<Tag><Key>${escapeXml(k)}</Key><Value>${escapeXml(v)}</Value></Tag>`);
    await ctx.store.putSubresource(bucket, key, TaggingConfiguration.validate(`<Tagging><TagSet>${tags.join('')}</TagSet></Tagging>`));
  };
}

export async function startS3(options: { port: number; host: string; dataDir?: string; buckets: string[]; siteOrigins: string[] }) {
  const directory = options.dataDir
    ? path.resolve(options.dataDir, 's3')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'congress-s3-'));
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: options.host,
    port: options.port,
    silent: true,
    directory,
    resetOnClose: !options.dataDir,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsXml(options.siteOrigins)] })),
  });
  (server as unknown as { middleware: unknown[] }).middleware.unshift(tagsFromHeader());
  await server.run();
  const endpoint = `http://localhost:${options.port}`;
  await waitFor(async () => (await fetch(endpoint)).ok, 'S3 (s3rver)');
  return {
    endpoint,
    stop: async () => {
      await server.close();
      if (!options.dataDir) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
