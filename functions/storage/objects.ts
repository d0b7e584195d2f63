/**
 * Uploaded objects in the private uploads bucket, reached only through presigned URLs.
 * The PUT signature covers Content-Length, Content-Type, If-None-Match and the pending tag, so on
 * AWS S3 itself refuses any other size or type, any second write and an untagged upload; s3rver
 * checks none of this, so the confirmation step re-checks every object.
 */
import type { ObjectStore } from '#core/uploads/ports';
import { PENDING_TAG } from '#core/uploads/rules';
import { loadS3 } from '#lib/aws/clients';
import { env } from '#lib/env';

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

const pendingTagging = `${PENDING_TAG.key}=${PENDING_TAG.value}`;

export const objectStore: ObjectStore = {
  async presignPut(key, { contentType, size, expiresSeconds }) {
    const { PutObjectCommand, getSignedUrl, s3ClientForPresign } = await loadS3();
    // If-None-Match: * makes the URL write-once: after the upload (and its check) nobody can PUT
    // other bytes of the same length under the key while the URL lives (S3 answers 412).
    const command = new PutObjectCommand({
      Bucket: env.uploadsBucket(),
      Key: key,
      ContentType: contentType,
      ContentLength: size,
      IfNoneMatch: '*',
      Tagging: pendingTagging,
    });
    const url = await getSignedUrl(s3ClientForPresign(), command, {
      expiresIn: expiresSeconds,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match', 'x-amz-tagging']),
      // A header the browser must send (signed), not a query parameter S3 might not apply.
      unhoistableHeaders: new Set(['x-amz-tagging']),
    });
    return { url, headers: { 'content-type': contentType, 'if-none-match': '*', 'x-amz-tagging': pendingTagging } };
  },

  async clearPendingTag(key) {
    const { PutObjectTaggingCommand, s3ClientInternal } = await loadS3();
    await s3ClientInternal().send(new PutObjectTaggingCommand({ Bucket: env.uploadsBucket(), Key: key, Tagging: { TagSet: [] } }));
  },

  async presignGet(key, { fileName, expiresSeconds }) {
    const { GetObjectCommand, getSignedUrl, s3ClientForPresign } = await loadS3();
    const command = new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: key, ResponseContentDisposition: attachment(fileName) });
    return getSignedUrl(s3ClientForPresign(), command, { expiresIn: expiresSeconds });
  },

  async readRange(key, start, end) {
    const { GetObjectCommand, s3ClientInternal } = await loadS3();
    try {
      const r = await s3ClientInternal().send(new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: key, Range: `bytes=${start}-${end}` }));
      // "bytes 0-7/104857600": the whole size comes with the range.
      const total = Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1]);
      if (total === 0) {
        // S3 answers 416 for an empty object (below); s3rver answers "bytes 0-0/0" and a body that never comes.
        (r.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return { bytes: new Uint8Array(), size: 0 };
      }
      const bytes = (await r.Body?.transformToByteArray()) ?? new Uint8Array();
      return { bytes, size: Number.isFinite(total) ? total : (r.ContentLength ?? bytes.length) };
    } catch (error) {
      const e = error as Error & { $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return undefined;
      // A range of an empty object cannot be satisfied: the object is there, with no bytes.
      if (e.name === 'InvalidRange' || e.$metadata?.httpStatusCode === 416) return { bytes: new Uint8Array(), size: 0 };
      throw error;
    }
  },

  async delete(key) {
    const { DeleteObjectCommand, s3ClientInternal } = await loadS3();
    await s3ClientInternal().send(new DeleteObjectCommand({ Bucket: env.uploadsBucket(), Key: key }));
  },
};
