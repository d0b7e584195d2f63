/**
 * Bench 5: a 100 MB poster through the product's upload path (presign -> PUT straight to S3 ->
 * confirm) against a raw PUT of the same bytes to the same local S3, and the bytes that reached
 * the functions meanwhile (counted by the local API gateway, as Lambda would receive them).
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { API_BASE, fillPath, routes, type RouteDef } from '../functions/core/routes';
import { UPLOADS_BUCKET } from '../infra/local/portal';
import { MiB, pptxBytes } from '../test/support/files';

interface Portal {
  origin: string;
  mail: string;
  s3: string;
  apiTraffic: { requests: number; bodyBytes: number };
}

const client = '10.250.0.1';
const PASSWORD = 'bench password 2024';

/** One call of a route of the route table, as the browser makes it. */
async function api<T>(portal: Portal, route: RouteDef, body?: unknown, token?: string, params?: Record<string, string>): Promise<T> {
  const path = fillPath(route.path, params);
  const method = route.method;
  const r = await fetch(`${portal.origin}${API_BASE}${path}`, {
    method,
    headers: {
      'x-local-client-ip': client,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await r.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

async function delegate(portal: Portal): Promise<string> {
  const email = `bench-${Date.now().toString(36)}@example.org`;
  await api(portal, routes.emailRegister, { email, password: PASSWORD, confirm: PASSWORD });
  const store = (await (await fetch(`${portal.mail}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
  const mail = store.emails.find((m) => m.destination.to.some((t) => t.includes(email)));
  const token = /\/common\/activate\/([\w-]+)/.exec(mail?.body.text ?? '')?.[1];
  if (!token) throw new Error('no activation mail');
  await api(portal, routes.activate, { token });
  return (await api<{ api_token: string }>(portal, routes.login, { email, password: PASSWORD })).api_token;
}

async function putBytes(url: string, headers: Record<string, string>, bytes: Buffer) {
  const r = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length) });
  if (!r.ok) throw new Error(`PUT answered ${r.status}`);
}

const mbps = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function uploadBench(portal: Portal, runs = 5) {
  const bytes = pptxBytes(100 * MiB);
  const token = await delegate(portal);
  const s3 = new S3Client({
    endpoint: portal.s3,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const raw: number[] = [];
  const product: number[] = [];
  const split = { presign: [] as number[], put: [] as number[], confirm: [] as number[] };
  let fileBytesThroughFunctions = 0;
  let apiBodyBytes = 0;

  const rawRun = async (i: number) => {
    // Raw: the same bytes, the same fetch, the same local S3, no portal.
    const rawUrl = await getSignedUrl(s3, new PutObjectCommand({ Bucket: UPLOADS_BUCKET, Key: `bench/raw-${i}.pptx`, ContentType: 'application/octet-stream' }));
    const t = performance.now();
    await putBytes(rawUrl, { 'content-type': 'application/octet-stream' }, bytes);
    raw.push(performance.now() - t);
  };
  const productRun = async () => {
    // The product: presign, PUT, confirm (then remove, so the next run has a place).
    const before = portal.apiTraffic.bodyBytes;
    const t0 = performance.now();
    const signed = await api<{ key: string; url: string; headers: Record<string, string> }>(
      portal,
      routes.presignUpload,
      { purpose: 'poster', file_name: 'bench poster.pptx', size: bytes.length },
      token,
    );
    const t1 = performance.now();
    await putBytes(signed.url, signed.headers, bytes);
    const t2 = performance.now();
    const file = await api<{ id: string; size: number }>(portal, routes.confirmPoster, { key: signed.key }, token);
    const t3 = performance.now();
    if (file.size !== bytes.length) throw new Error(`confirmed ${file.size} bytes of ${bytes.length}`);
    const body = portal.apiTraffic.bodyBytes - before;
    apiBodyBytes = Math.max(apiBodyBytes, body);
    // The file's bytes went through the functions only if the API bodies could have held them.
    fileBytesThroughFunctions = Math.max(fileBytesThroughFunctions, body >= bytes.length ? body : 0);
    product.push(t3 - t0);
    split.presign.push(t1 - t0);
    split.put.push(t2 - t1);
    split.confirm.push(t3 - t2);
    await api(portal, routes.deletePoster, undefined, token, { id: file.id });
  };

  // One warm-up of each, then alternate which goes first, so neither path gains from the order.
  await rawRun(99);
  await productRun();
  raw.length = 0;
  product.length = 0;
  for (const list of Object.values(split)) list.length = 0;
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await rawRun(i);
      await productRun();
    } else {
      await productRun();
      await rawRun(i);
    }
  }

  const rawRate = mbps(bytes.length, median(raw));
  const productRate = mbps(bytes.length, median(product));
  return {
    size: bytes.length,
    runs,
    rawRate,
    productRate,
    ratio: productRate / rawRate,
    split: { presign: median(split.presign), put: median(split.put), confirm: median(split.confirm) },
    apiBodyBytes,
    fileBytesThroughFunctions,
  };
}
