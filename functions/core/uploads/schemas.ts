/** Bodies of the upload calls, shared by the handlers and the web client. */
import * as z from 'zod/mini';
import { uploadPurposeIds, type UploadPurpose } from './rules';

export const presignSchema = z.object({
  purpose: z.enum(uploadPurposeIds as [UploadPurpose, ...UploadPurpose[]], { message: 'Unknown upload purpose.' }),
  file_name: z.string({ message: 'Please choose a file.' }).check(z.trim(), z.minLength(1, 'Please choose a file.'), z.maxLength(255, 'The file name is too long.')),
  size: z.coerce.number({ message: 'The file size is missing.' }).check(z.refine(Number.isInteger, 'The file size must be a whole number of bytes.'), z.nonnegative()),
  /** A poster or slides: the accepted abstract they present (required once the author's decisions are published). */
  abstract_id: z.optional(z.string().check(z.maxLength(64))),
  /** What the browser guessed; the server signs the type of the extension instead. */
  content_type: z.optional(z.string().check(z.maxLength(200))),
});
export type PresignInput = z.input<typeof presignSchema>;

export const confirmSchema = z.object({
  key: z.string({ message: 'The upload key is missing.' }).check(z.minLength(1, 'The upload key is missing.'), z.maxLength(512)),
});

export const fileIdSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
