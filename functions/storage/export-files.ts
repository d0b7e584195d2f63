/**
 * The office's export files, under exports/ of the uploads bucket (never users/: no delegate's
 * presigned link can reach them): written by the job worker, downloaded by an organiser through
 * a presigned GET that lives five minutes. The reviewers' reading copies of their abstracts are
 * kept the same way under review-exports/ (S3 deletes them after a day).
 */
import type { ExportFiles } from '#core/office/jobs';
import type { ReadingCopyFiles } from '#core/review/reviewer-export';
import { loadS3 } from '#lib/aws/clients';
import { env } from '#lib/env';
import { attachment } from './objects';

export const EXPORT_LINK_SECONDS = 300;

/** A `.pdf` export (the abstract book) is a PDF; every other export is a CSV. */
const contentTypeOf = (fileName: string) => (fileName.endsWith('.pdf') ? 'application/pdf' : 'text/csv; charset=utf-8');

export const exportFiles: ExportFiles = {
  async put(key, chunks, fileName) {
    if (!key.startsWith('exports/')) throw new Error(`An export is stored under exports/, not ${key}`);
    const { PutObjectCommand, s3ClientInternal } = await loadS3();
    const body = Buffer.from([...chunks].join(''), 'utf8');
    await s3ClientInternal().send(
      new PutObjectCommand({
        Bucket: env.uploadsBucket(),
        Key: key,
        Body: body,
        ContentType: 'text/csv; charset=utf-8',
        ContentDisposition: attachment(fileName),
      }),
    );
    return body.length;
  },
  /**
   * One PutObject of the whole PDF: the book is a few MB (1.5 MB for 600 abstracts), below S3's
   * 5 MiB minimum part, so a multipart upload would be one part anyway (decision 0066).
   */
  async putPdf(key, bytes, fileName) {
    if (!key.startsWith('exports/')) throw new Error(`An export is stored under exports/, not ${key}`);
    const { PutObjectCommand, s3ClientInternal } = await loadS3();
    await s3ClientInternal().send(
      new PutObjectCommand({ Bucket: env.uploadsBucket(), Key: key, Body: bytes, ContentType: 'application/pdf', ContentDisposition: attachment(fileName) }),
    );
    return bytes.byteLength;
  },
  async link(key, fileName) {
    const { GetObjectCommand, getSignedUrl, s3ClientForPresign } = await loadS3();
    const command = new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: key, ResponseContentDisposition: attachment(fileName), ResponseContentType: contentTypeOf(fileName) });
    return getSignedUrl(s3ClientForPresign(), command, { expiresIn: EXPORT_LINK_SECONDS });
  },
};

/**
 * The abstract book for delegates: the office's export copied to programme/ (a public route may
 * read only there, never exports/), read back through a link that lives five minutes. A Get and
 * a Put (S3's CopyObject would need both grants too, and the book is a few MB).
 */
export const delegatesBookFiles = {
  async publish(from: string, to: string) {
    if (!from.startsWith('exports/') || !to.startsWith('programme/')) throw new Error(`The book goes from exports/ to programme/, not ${from} to ${to}`);
    const { GetObjectCommand, PutObjectCommand, s3ClientInternal } = await loadS3();
    const got = await s3ClientInternal().send(new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: from }));
    const bytes = await got.Body!.transformToByteArray();
    await s3ClientInternal().send(new PutObjectCommand({ Bucket: env.uploadsBucket(), Key: to, Body: bytes, ContentType: 'application/pdf' }));
    return bytes.byteLength;
  },
  async link(key: string, fileName: string) {
    const { GetObjectCommand, getSignedUrl, s3ClientForPresign } = await loadS3();
    const command = new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: key, ResponseContentDisposition: attachment(fileName), ResponseContentType: 'application/pdf' });
    return getSignedUrl(s3ClientForPresign(), command, { expiresIn: EXPORT_LINK_SECONDS });
  },
};

export const readingCopyFiles: ReadingCopyFiles = {
  async put(key, bytes, fileName, contentType) {
    if (!key.startsWith('review-exports/')) throw new Error(`A reading copy is stored under review-exports/, not ${key}`);
    const { PutObjectCommand, s3ClientInternal } = await loadS3();
    await s3ClientInternal().send(new PutObjectCommand({ Bucket: env.uploadsBucket(), Key: key, Body: bytes, ContentType: contentType, ContentDisposition: attachment(fileName) }));
  },
  async link(key, fileName, contentType) {
    const { GetObjectCommand, getSignedUrl, s3ClientForPresign } = await loadS3();
    const command = new GetObjectCommand({ Bucket: env.uploadsBucket(), Key: key, ResponseContentDisposition: attachment(fileName), ResponseContentType: contentType });
    return getSignedUrl(s3ClientForPresign(), command, { expiresIn: EXPORT_LINK_SECONDS });
  },
};
