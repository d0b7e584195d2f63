/**
 * s3rver as the local S3. It stores and serves objects and answers CORS preflights, but checks
 * neither signatures nor the signed size and type of presigned uploads: the functions verify
 * every stored upload themselves (see the upload confirmation), which is what keeps the limits here.
 */
import S3rver from 's3rver';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { waitFor } from './ports';

function corsXml(origins: string[]) {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
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
