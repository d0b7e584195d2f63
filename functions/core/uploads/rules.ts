/**
 * The rules of every upload in the product (abstract PDFs, posters, oral slides; later the
 * registration documents): which types a purpose takes, how large, how many, where its objects
 * live, and how a stored object proves its type by its bytes. Pure functions: the browser runs
 * the same checks before an upload, the server again before signing and after the upload.
 */
import { abstractLimits, uploadPurposes } from '../config/conference';

export type UploadPurpose = keyof typeof uploadPurposes;
export const uploadPurposeIds = Object.keys(uploadPurposes) as UploadPurpose[];
export const isUploadPurpose = (value: string): value is UploadPurpose => Object.hasOwn(uploadPurposes, value);

/** The tag of an object uploaded but not confirmed; the bucket's lifecycle rule expires objects carrying it. */
export const PENDING_TAG = { key: 'upload', value: 'pending' } as const;

/** The one Content-Type each extension is stored (and signed) with, whatever the browser guessed. */
export const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const MiB = 1024 * 1024;
export const megabytes = (bytes: number) => Math.round(bytes / MiB);

/** The types a purpose takes, as people name them: "PDF", "PPT or PPTX", "JPG, PNG or PDF" (JPEG is JPG). */
export function fileTypesText(purpose: UploadPurpose): string {
  const names = [...new Set(uploadPurposes[purpose].extensions.map((e) => (e === 'jpeg' ? 'JPG' : e.toUpperCase())))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** Messages of the spec (section 5) for abstract files; posters and oral slides say the same in their terms. */
export function uploadMessages(purpose: UploadPurpose) {
  const rule = uploadPurposes[purpose];
  const types = rule.extensions.join(' or ');
  const document = purpose === 'passport' || purpose === 'document';
  const voucher = purpose === 'voucher';
  return {
    // The spec's words for abstract files and for registration documents (section 5).
    wrongType:
      purpose === 'abstract'
        ? `You can only upload  pdf max. ${megabytes(rule.maxBytes)} MB`
        : document
          ? 'You can only upload JPG, PDF PNG,file!'
          : voucher
            ? 'You can only upload JPG or PNG file!'
            : `You can only upload ${types} files.`,
    tooLarge: document || voucher ? `Image must smaller than ${megabytes(rule.maxBytes)}MB!` : `File Must Smaller Than ${megabytes(rule.maxBytes)}MB`,
    empty: 'The file is empty.',
    tooMany: `Maximum ${rule.maxCount} Files Upload.`,
    /** Abstract files are counted per abstract (5) and, for files not yet saved, per delegate. */
    tooManyPending: `You have reached the limit of ${ownerFileLimit(purpose)} files. Remove files you no longer need and try again.`,
    notReal:
      purpose === 'abstract'
        ? 'The file is not a valid PDF document.'
        : document
          ? 'The file is not a valid JPG, PNG or PDF file.'
          : voucher
            ? 'The file is not a valid JPG or PNG image.'
            : `The file is not a valid PowerPoint (${types}) presentation.`,
    notFound: 'The file was not found. Please upload it again.',
  };
}

/** How many files of a purpose one delegate may hold: 5 posters, 5 oral files, 5 PDFs x 5 abstracts. */
export function ownerFileLimit(purpose: UploadPurpose): number {
  const rule = uploadPurposes[purpose];
  return purpose === 'abstract' ? rule.maxCount * abstractLimits.maxAbstractsPerDelegate : rule.maxCount;
}

export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return m ? m[1]!.toLowerCase() : '';
}

/**
 * What is wrong with a file the delegate chose, before anything is uploaded: its extension and
 * its size. The browser shows this at once; the server refuses to sign the same.
 */
export function checkDeclaredFile(purpose: UploadPurpose, file: { name: string; size: number }): string | null {
  const rule = uploadPurposes[purpose];
  const messages = uploadMessages(purpose);
  if (!(rule.extensions as readonly string[]).includes(extensionOf(file.name))) return messages.wrongType;
  if (file.size <= 0) return messages.empty;
  if (file.size > rule.maxBytes) return messages.tooLarge;
  return null;
}

/** A file name safe in a key (and, encoded, in Content-Disposition): no path, no control or odd characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ext = extensionOf(base);
  const stem = (ext ? base.slice(0, -(ext.length + 1)) : base)
    .normalize('NFC')
    // Letters and digits of any script stay (delegates name files in Chinese too); the rest becomes _.
    .replace(/[^\p{L}\p{N}\p{M}_.\- ()]+/gu, '_')
    .replace(/\s+/g, ' ')
    .trim();
  // At most 100 characters, counted by code point (never half a character), and 200 bytes of
  // UTF-8 (a name is a file name on disk too, where 255 bytes is the usual limit), without a
  // trailing space.
  let short = '';
  let bytes = 0;
  for (const char of Array.from(stem).slice(0, NAME_MAX_CHARS)) {
    bytes += utf8Length(char);
    if (bytes > NAME_MAX_BYTES) break;
    short += char;
  }
  return `${short.trimEnd() || 'file'}${ext ? `.${ext}` : ''}`;
}

const NAME_MAX_CHARS = 100;
const NAME_MAX_BYTES = 200;
const utf8Length = (char: string) => {
  const cp = char.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
};

/** Every object lives under its owner's prefix: users/<owner>/<purpose>/<file id>/<name>. */
export function fileKey(ownerId: string, purpose: UploadPurpose, fileId: string, name: string): string {
  return `users/${ownerId}/${purpose}/${fileId}/${safeFileName(name)}`;
}

/** Longest safe name: 100 characters (code points) of stem, a dot and an extension. */
const MAX_NAME_CODE_POINTS = 100 + 1 + 16;

export function parseFileKey(key: string): { ownerId: string; purpose: UploadPurpose; fileId: string; name: string } | null {
  // The `u` flag counts code points, as safeFileName does: a name of emoji or CJK extension
  // characters (two UTF-16 units each) that could be signed can also be confirmed.
  const m = new RegExp(`^users/([\\w-]{1,64})/([a-z]+)/([\\w-]{1,64})/([^/]{1,${MAX_NAME_CODE_POINTS}})$`, 'u').exec(key);
  if (!m || !isUploadPurpose(m[2]!)) return null;
  return { ownerId: m[1]!, purpose: m[2], fileId: m[3]!, name: m[4]! };
}

// ---------------------------------------------------------------------------------------------
// Real type by content. The extension and Content-Type are the client's word; these bytes are not.

export type HeadKind = 'pdf' | 'ole' | 'zip' | 'jpeg' | 'png' | 'unknown';

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The kind of file its first 8 bytes announce. */
export function sniffHead(head: Uint8Array): HeadKind {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'; // OLE2 compound file (.ppt)
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip'; // PK\3\4 (.pptx)
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  return 'unknown';
}

/** How many bytes from the end hold the zip's end-of-central-directory record (22 + a comment of up to 64 KiB). */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

/** Where the central directory of a zip is, from the last bytes of the file; null if it is not a zip. */
export function zipCentralDirectory(tail: Uint8Array): { offset: number; size: number; entries: number } | null {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      return { entries: view.getUint16(i + 10, true), size: view.getUint32(i + 12, true), offset: view.getUint32(i + 16, true) };
    }
  }
  return null;
}

/** The names of the entries of a zip's central directory. */
export function zipEntryNames(directory: Uint8Array): string[] {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = 0;
  while (at + 46 <= directory.length && view.getUint32(at, true) === 0x02014b50) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    names.push(decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** A PowerPoint 2007+ file is a zip whose parts include the presentation under ppt/. */
export const isPresentationZip = (names: string[]) => names.some((n) => n.startsWith('ppt/'));
