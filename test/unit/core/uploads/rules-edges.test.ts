import { describe, expect, it } from 'vitest';
import {
  ZIP_TAIL_BYTES,
  checkDeclaredFile,
  extensionOf,
  fileKey,
  isPresentationZip,
  isUploadPurpose,
  ownerFileLimit,
  parseFileKey,
  safeFileName,
  sniffHead,
  uploadMessages,
  uploadPurposeIds,
  zipCentralDirectory,
  zipEntryNames,
} from '#core/uploads/rules';
import { MiB, docxBytes, pdfBytes, pptBytes, pptxBytes, zipBytes } from '../../../support/files';

/** The entry names a zip's own end record points at, read as the server reads them. */
function namesOf(zip: Uint8Array): string[] | null {
  const directory = zipCentralDirectory(zip.subarray(Math.max(0, zip.length - ZIP_TAIL_BYTES)));
  if (!directory) return null;
  return zipEntryNames(zip.subarray(directory.offset, directory.offset + directory.size));
}

/** A zip whose end record carries `comment` (the length field is set, as real archivers do). */
function withComment(zip: Buffer, comment: Buffer): Buffer {
  const copy = Buffer.from(zip);
  copy.writeUInt16LE(comment.length, copy.length - 2);
  return Buffer.concat([copy, comment]);
}

/** One central directory header with an extra field and a file comment. */
function centralEntry(name: string, extra: Buffer, comment: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(nameBytes.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(comment.length, 32);
  return Buffer.concat([header, nameBytes, extra, comment]);
}

describe('uploadMessages: the words of the spec for each purpose', () => {
  it('says the abstract messages with the spec spelling (two spaces, no space before MB)', () => {
    expect(uploadMessages('abstract')).toEqual({
      wrongType: 'You can only upload  pdf max. 50 MB',
      tooLarge: 'File Must Smaller Than 50MB',
      empty: 'The file is empty.',
      tooMany: 'Maximum 5 Files Upload.',
      tooManyPending: 'You have reached the limit of 25 files. Remove files you no longer need and try again.',
      notReal: 'The file is not a valid PDF document.',
      notFound: 'The file was not found. Please upload it again.',
    });
  });

  it('says the same for posters and oral slides in their terms and limits', () => {
    expect(uploadMessages('poster')).toMatchObject({
      wrongType: 'You can only upload ppt or pptx files.',
      tooLarge: 'File Must Smaller Than 100MB',
      tooMany: 'Maximum 5 Files Upload.',
      tooManyPending: 'You have reached the limit of 5 files. Remove files you no longer need and try again.',
      notReal: 'The file is not a valid PowerPoint (ppt or pptx) presentation.',
    });
    expect(uploadMessages('oral').tooLarge).toBe('File Must Smaller Than 20MB');
  });

  it('knows exactly the purposes of the spec: three presentation files, the passport scan of a visa request and the supporting documents of a registration by category', () => {
    expect([...uploadPurposeIds].sort()).toEqual(['abstract', 'document', 'oral', 'passport', 'poster', 'voucher']);
    expect(uploadMessages('voucher')).toMatchObject({ wrongType: 'You can only upload JPG or PNG file!', tooLarge: 'Image must smaller than 5MB!' });
    expect(uploadMessages('document')).toMatchObject({ wrongType: 'You can only upload JPG, PDF PNG,file!', tooLarge: 'Image must smaller than 5MB!' });
    expect(isUploadPurpose('poster')).toBe(true);
    expect(isUploadPurpose('avatar')).toBe(false);
    expect(ownerFileLimit('abstract')).toBe(25);
  });

  it('does not take the names every object inherits for purposes', () => {
    expect(isUploadPurpose('constructor')).toBe(false);
    expect(isUploadPurpose('toString')).toBe(false);
    expect(isUploadPurpose('__proto__')).toBe(false);
  });
});

describe('checkDeclaredFile at the edges', () => {
  it('admits each purpose at exactly its size limit and refuses one byte more', () => {
    expect(checkDeclaredFile('abstract', { name: 'a.pdf', size: 50 * MiB })).toBeNull();
    expect(checkDeclaredFile('abstract', { name: 'a.pdf', size: 50 * MiB + 1 })).toBe('File Must Smaller Than 50MB');
    expect(checkDeclaredFile('oral', { name: 'o.ppt', size: 20 * MiB })).toBeNull();
    expect(checkDeclaredFile('oral', { name: 'o.ppt', size: 20 * MiB + 1 })).toBe('File Must Smaller Than 20MB');
    expect(checkDeclaredFile('poster', { name: 'p.ppt', size: 1 })).toBeNull();
  });

  it('checks the type before the size, and treats no bytes (or fewer) as empty', () => {
    expect(checkDeclaredFile('abstract', { name: 'a.docx', size: 0 })).toBe('You can only upload  pdf max. 50 MB');
    expect(checkDeclaredFile('abstract', { name: 'a.docx', size: 500 * MiB })).toBe('You can only upload  pdf max. 50 MB');
    expect(checkDeclaredFile('poster', { name: 'p.pptx', size: 0 })).toBe('The file is empty.');
    expect(checkDeclaredFile('poster', { name: 'p.pptx', size: -1 })).toBe('The file is empty.');
  });

  it('reads the extension only after the last dot, not a look-alike name', () => {
    expect(checkDeclaredFile('abstract', { name: 'pdf', size: 10 })).toBe('You can only upload  pdf max. 50 MB');
    expect(checkDeclaredFile('abstract', { name: 'a.pdf.exe', size: 10 })).toBe('You can only upload  pdf max. 50 MB');
    expect(checkDeclaredFile('abstract', { name: 'a.exe.pdf', size: 10 })).toBeNull();
    expect(checkDeclaredFile('abstract', { name: '  summary.Pdf  ', size: 10 })).toBeNull();
    expect(checkDeclaredFile('poster', { name: 'p.pptm', size: 10 })).toBe('You can only upload ppt or pptx files.');
  });
});

describe('extensionOf', () => {
  it.each([
    ['Poster.PPTX', 'pptx'],
    ['archive.tar.gz', 'gz'],
    ['.hidden', 'hidden'],
    ['no-extension', ''],
    ['trailing.', ''],
    ['a.p-df', ''],
    ['', ''],
  ])('%j has extension %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('safeFileName', () => {
  it('keeps at most 100 characters before the extension', () => {
    expect(safeFileName(`${'a'.repeat(150)}.pdf`)).toBe(`${'a'.repeat(100)}.pdf`);
    expect(safeFileName(`${'a'.repeat(100)}.pdf`)).toBe(`${'a'.repeat(100)}.pdf`);
  });

  it('keeps at most 200 bytes of UTF-8 before the extension (a file name on disk too), cut between characters', () => {
    expect(safeFileName(`${'中'.repeat(100)}.pdf`)).toBe(`${'中'.repeat(66)}.pdf`);
    expect(safeFileName(`${'é'.repeat(100)}.pdf`)).toBe(`${'é'.repeat(100)}.pdf`);
    expect(safeFileName(`${'\u{2070E}'.repeat(60)}.pdf`)).toBe(`${'\u{2070E}'.repeat(50)}.pdf`);
  });

  it('composes decomposed accents and collapses runs of spaces', () => {
    expect(safeFileName('Cafe\u0301   poster.pptx')).toBe('Caf\u00e9 poster.pptx');
    expect(safeFileName('  spaced  .pdf')).toBe('spaced.pdf');
  });

  it('replaces symbols and emoji but keeps dots, dashes, underscores and brackets', () => {
    expect(safeFileName('poster🎉 v2.pptx')).toBe('poster_ v2.pptx');
    expect(safeFileName('a_b-c.d (1).pdf')).toBe('a_b-c.d (1).pdf');
    expect(safeFileName('50%; $100 & more?.pdf')).toBe('50_ _100 _ more_.pdf');
  });

  it('falls back to "file" when nothing readable is left', () => {
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('folder/')).toBe('file');
    expect(safeFileName('***.pdf')).toBe('_.pdf');
    expect(safeFileName('README')).toBe('README');
  });

  it('never cuts a character of a supplementary plane in half (the name must stay encodable in a URL)', () => {
    // U+20000 (a CJK Extension B ideograph) is a letter of two UTF-16 code units.
    const name = safeFileName(`a${'\u{20000}'.repeat(60)}.pdf`);
    expect(() => encodeURIComponent(name)).not.toThrow();
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('fileKey and parseFileKey', () => {
  it.each(uploadPurposeIds)('reads back every part of a %s key', (purpose) => {
    const key = fileKey('0b6f3c2e-8d1a-4c55-9e1e-2f3a4b5c6d7e', purpose, 'f_1-2', '肝癌 (final) v2.PDF');
    expect(key).toBe(`users/0b6f3c2e-8d1a-4c55-9e1e-2f3a4b5c6d7e/${purpose}/f_1-2/肝癌 (final) v2.pdf`);
    expect(parseFileKey(key)).toEqual({
      ownerId: '0b6f3c2e-8d1a-4c55-9e1e-2f3a4b5c6d7e',
      purpose,
      fileId: 'f_1-2',
      name: '肝癌 (final) v2.pdf',
    });
  });

  it('puts a path-like name inside its own segment', () => {
    const key = fileKey('u1', 'abstract', 'f1', '../../users/u2/abstract/f9/evil.pdf');
    expect(key).toBe('users/u1/abstract/f1/evil.pdf');
    expect(parseFileKey(key)?.ownerId).toBe('u1');
  });

  it.each([
    ['a relative path', '../x'],
    ['a leading slash', '/users/u1/poster/f1/p.pptx'],
    ['another prefix', 'uploads/u1/poster/f1/p.pptx'],
    ['an unknown purpose', 'users/u1/avatar/f1/me.png'],
    ['a purpose named like an inherited property', 'users/u1/constructor/f1/x.pdf'],
    ['a purpose in capitals', 'users/u1/Poster/f1/p.pptx'],
    ['no owner', 'users//poster/f1/p.pptx'],
    ['an owner with a dot', 'users/u.1/poster/f1/p.pptx'],
    ['an owner of 65 characters', `users/${'u'.repeat(65)}/poster/f1/p.pptx`],
    ['a file id of 65 characters', `users/u1/poster/${'f'.repeat(65)}/p.pptx`],
    ['no name', 'users/u1/poster/f1/'],
    ['a name longer than any safe name', `users/u1/poster/f1/${'n'.repeat(113)}.pptx`],
    ['a folder below the file id', 'users/u1/poster/f1/sub/p.pptx'],
    ['an empty key', ''],
  ])('refuses %s', (_what, key) => {
    expect(parseFileKey(key)).toBeNull();
  });

  it('takes owners and file ids of 64 characters and the longest safe names', () => {
    const key = `users/${'u'.repeat(64)}/oral/${'f'.repeat(64)}/${'n'.repeat(112)}.pptx`;
    expect(parseFileKey(key)).toEqual({ ownerId: 'u'.repeat(64), purpose: 'oral', fileId: 'f'.repeat(64), name: `${'n'.repeat(112)}.pptx` });
  });

  it('parses every key fileKey makes, names of characters outside the BMP included (counted as characters)', () => {
    // U+2070E, a CJK extension B ideograph: one letter, two UTF-16 units.
    for (const name of [`${'\u{2070E}'.repeat(150)}.pdf`, `${'a'.repeat(300)}.pptx`, `${'é'.repeat(99)}\u{2070E}.ppt`]) {
      const key = fileKey('u1', 'abstract', 'f1', name);
      expect(parseFileKey(key), name).toMatchObject({ ownerId: 'u1', fileId: 'f1' });
    }
  });
});

describe('sniffHead', () => {
  it.each([
    ['the bare PDF signature', 'pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
    ['%PDF without the dash', 'unknown', [0x25, 0x50, 0x44, 0x46, 0x31]],
    ['a PDF behind a space', 'unknown', [0x20, 0x25, 0x50, 0x44, 0x46, 0x2d]],
    ['the full OLE2 signature', 'ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
    ['seven of the eight OLE2 bytes', 'unknown', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a]],
    ['OLE2 with its last byte wrong', 'unknown', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0x00]],
    ['a zip local header', 'zip', [0x50, 0x4b, 0x03, 0x04]],
    ['an empty zip (end record first)', 'unknown', [0x50, 0x4b, 0x05, 0x06]],
    ['a spanned zip marker', 'unknown', [0x50, 0x4b, 0x07, 0x08]],
    ['a PNG (passport scans)', 'png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ['a PNG signature cut short', 'unknown', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]],
    ['a JPEG (passport scans)', 'jpeg', [0xff, 0xd8, 0xff, 0xe0]],
    ['two JPEG bytes', 'unknown', [0xff, 0xd8]],
    ['nothing', 'unknown', []],
  ] as const)('reads %s as %s', (_what, kind, bytes) => {
    expect(sniffHead(new Uint8Array(bytes))).toBe(kind);
  });

  it('reads the real files of the support helpers', () => {
    expect(sniffHead(pdfBytes(10_000).subarray(0, 8))).toBe('pdf');
    expect(sniffHead(pptBytes().subarray(0, 8))).toBe('ole');
    expect(sniffHead(docxBytes().subarray(0, 8))).toBe('zip');
  });
});

describe('zipCentralDirectory', () => {
  it('answers where the directory is, relative to the start of the file', () => {
    const zip = pptxBytes(200_000);
    const tailStart = zip.length - ZIP_TAIL_BYTES;
    const directory = zipCentralDirectory(zip.subarray(tailStart))!;
    expect(directory.entries).toBe(3);
    // The three headers: 46 bytes each plus the names.
    expect(directory.size).toBe(3 * 46 + '[Content_Types].xml'.length + 'ppt/presentation.xml'.length + 'ppt/media/image1.bin'.length);
    expect(directory.offset + directory.size).toBe(zip.length - 22);
  });

  it('finds the end record behind the longest comment a zip can have', () => {
    const zip = withComment(zipBytes([{ name: 'ppt/presentation.xml', data: Buffer.from('<p/>') }]), Buffer.alloc(0xffff, 0x20));
    const tail = zip.subarray(zip.length - ZIP_TAIL_BYTES);
    // The end record is the very first byte of the tail the server reads.
    expect(tail.readUInt32LE(0)).toBe(0x06054b50);
    expect(zipCentralDirectory(tail)).not.toBeNull();
    expect(namesOf(zip)).toEqual(['ppt/presentation.xml']);
  });

  it('finds the end record of a zip followed by bytes that are not its comment', () => {
    const zip = Buffer.concat([pptxBytes(), Buffer.alloc(300, 0x41)]);
    expect(namesOf(zip)).toEqual(['[Content_Types].xml', 'ppt/presentation.xml']);
  });

  it('finds nothing in a zip cut inside its end record, in garbage, or in fewer than 22 bytes', () => {
    const zip = pptxBytes();
    expect(zipCentralDirectory(zip.subarray(0, zip.length - 10))).toBeNull();
    expect(zipCentralDirectory(zip.subarray(0, zip.length - 22))).toBeNull();
    expect(zipCentralDirectory(new Uint8Array(4096).map((_, i) => (i * 31 + 7) & 0xff))).toBeNull();
    expect(zipCentralDirectory(new Uint8Array(21))).toBeNull();
    expect(zipCentralDirectory(new Uint8Array(0))).toBeNull();
  });

  it('reads an empty zip as a directory of nothing', () => {
    const empty = zipBytes([]);
    expect(empty.length).toBe(22);
    expect(zipCentralDirectory(empty)).toEqual({ entries: 0, size: 0, offset: 0 });
  });

  it('reads bytes that are a view into a larger buffer at an odd offset', () => {
    const zip = pptxBytes();
    const host = new Uint8Array(zip.length + 3);
    host.set(zip, 3);
    const view = host.subarray(3);
    const directory = zipCentralDirectory(view)!;
    expect(zipEntryNames(view.subarray(directory.offset, directory.offset + directory.size))).toEqual(['[Content_Types].xml', 'ppt/presentation.xml']);
  });
});

describe('zipEntryNames', () => {
  it('skips the extra field and comment of each entry and decodes UTF-8 names', () => {
    const directory = Buffer.concat([
      centralEntry('ppt/幻灯片1.xml', Buffer.alloc(9, 1), Buffer.from('a comment')),
      centralEntry('docProps/app.xml', Buffer.alloc(0), Buffer.alloc(0)),
    ]);
    expect(zipEntryNames(directory)).toEqual(['ppt/幻灯片1.xml', 'docProps/app.xml']);
  });

  it('stops at a header cut short or at bytes that are not a header', () => {
    const first = centralEntry('ppt/a.xml', Buffer.alloc(0), Buffer.alloc(0));
    const second = centralEntry('ppt/b.xml', Buffer.alloc(0), Buffer.alloc(0));
    expect(zipEntryNames(Buffer.concat([first, second.subarray(0, 40)]))).toEqual(['ppt/a.xml']);
    expect(zipEntryNames(Buffer.concat([first, Buffer.alloc(60, 0x50), second]))).toEqual(['ppt/a.xml']);
    expect(zipEntryNames(new Uint8Array(0))).toEqual([]);
  });
});

describe('isPresentationZip', () => {
  it.each([
    [['[Content_Types].xml', 'ppt/presentation.xml'], true],
    [['ppt/'], true],
    [['word/document.xml', 'docProps/core.xml'], false],
    [['PPT/presentation.xml'], false],
    [['docs/ppt/presentation.xml'], false],
    [['pptx/presentation.xml', 'ppt.xml'], false],
    [[], false],
  ])('%j -> %s', (names, expected) => {
    expect(isPresentationZip(names)).toBe(expected);
  });
});
