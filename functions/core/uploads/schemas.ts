/** Bodies of the upload calls, shared by the handlers and the web client. */
import * as z from 'zod';
import { uploadPurposeIds, type UploadPurpose } from './rules';

export const presignSchema = z.object({
  purpose: z.enum(uploadPurposeIds as [UploadPurpose, ...UploadPurpose[]], { message: 'Unknown upload purpose.' }),
  file_name: z.string({ message: 'Please choose a file.' }).trim().min(1, 'Please choose a file.').max(255, 'The file name is too long.'),
  size: z.coerce.number({ message: 'The file size is missing.' }).int().nonnegative(),
  /** What the browser guessed; the server signs the type of the extension instead. */
  content_type: z.string().max(200).optional(),
});
export type PresignInput = z.input<typeof presignSchema>;

export const confirmSchema = z.object({
  key: z.string({ message: 'The upload key is missing.' }).min(1, 'The upload key is missing.').max(512),
});

export const fileIdSchema = z.object({ id: z.string().min(1).max(64) });
