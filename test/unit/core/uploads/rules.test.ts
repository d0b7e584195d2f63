import { describe, expect, it } from 'vitest';
import {
  checkDeclaredFile,
  extensionOf,
  fileKey,
  fileTypesText,
  isPresentationZip,
  ownerFileLimit,
  parseFileKey,
  safeFileName,
  sniffHead,
  uploadMessages,
  zipCentralDirectory,
  zipEntryNames,
} from '#core/uploads/rules';
import { MiB, docxBytes, pdfBytes, pptBytes, pptxBytes, zipBytes } from '../../../support/files';

describe('fileTypesText: the types a field names', () => {
  it('names each type once, as people know them (JPEG is JPG)', () => {
    expect(fileTypesText('passport')).toBe('JPG, PNG or PDF');
    expect(fileTypesText('poster')).toBe('PPT or PPTX');
    expect(fileTypesText('abstract')).toBe('PDF');
  });
});

describe('checkDeclaredFile: the same check in the browser and before signing', () => {
  it('takes the extension whatever its case and refuses other types with the purpose message', () => {
    expect(checkDeclaredFile('abstract', { name: 'A.PDF', size: 10 })).toBeNull();
    expect(checkDeclaredFile('abstract', { name: 'a.docx', size: 10 })).toBe('You can only upload  pdf max. 50 MB');
    expect(checkDeclaredFile('poster', { name: 'p.ppt', size: 10 })).toBeNull();
    expect(checkDeclaredFile('poster', { name: 'p.pdf', size: 10 })).toBe('You can only upload ppt or pptx files.');
    expect(checkDeclaredFile('oral', { name: 'no-extension', size: 10 })).toBe('You can only upload ppt or pptx files.');
  });

  it('admits exactly the limit and refuses one byte more, and empty files', () => {
    expect(checkDeclaredFile('poster', { name: 'p.pptx', size: 100 * MiB })).toBeNull();
    expect(checkDeclaredFile('poster', { name: 'p.pptx', size: 100 * MiB + 1 })).toBe('File Must Smaller Than 100MB');
    expect(checkDeclaredFile('oral', { name: 'o.pptx', size: 20 * MiB + 1 })).toBe('File Must Smaller Than 20MB');
    expect(checkDeclaredFile('abstract', { name: 'a.pdf', size: 50 * MiB + 1 })).toBe('File Must Smaller Than 50MB');
    expect(checkDeclaredFile('abstract', { name: 'a.pdf', size: 0 })).toBe(uploadMessages('abstract').empty);
  });

  it('counts 5 posters, 5 oral files and 5 x 5 abstract files per delegate', () => {
    expect(ownerFileLimit('poster')).toBe(5);
    expect(ownerFileLimit('oral')).toBe(5);
    expect(ownerFileLimit('abstract')).toBe(25);
    expect(uploadMessages('poster').tooMany).toBe('Maximum 5 Files Upload.');
  });
});

describe('names and keys', () => {
  it('keeps a readable name without paths or odd characters', () => {
    expect(safeFileName('C:\\Users\\me\\Poster final.PPTX')).toBe('Poster final.pptx');
    expect(safeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(safeFileName('résumé "draft"<1>.pdf')).toBe('résumé _draft_1_.pdf');
    expect(safeFileName('肝癌发病趋势 海报.PPTX')).toBe('肝癌发病趋势 海报.pptx');
    expect(safeFileName('tab\tand\nnewline.pdf')).toBe('tab_and_newline.pdf');
    expect(safeFileName('.pdf')).toBe('file.pdf');
    expect(extensionOf('archive.tar.PDF ')).toBe('pdf');
  });

  it('builds keys under the owner prefix and reads them back; anything else is no key', () => {
    const key = fileKey('user-1', 'poster', 'file-9', 'My poster.pptx');
    expect(key).toBe('users/user-1/poster/file-9/My poster.pptx');
    expect(parseFileKey(key)).toEqual({ ownerId: 'user-1', purpose: 'poster', fileId: 'file-9', name: 'My poster.pptx' });
    expect(parseFileKey('users/user-1/avatar/file-9/me.png')).toBeNull();
    expect(parseFileKey('users/user-1/poster/../x.pptx')).toBeNull();
    expect(parseFileKey('../../users/user-1/poster/f/x.pptx')).toBeNull();
    expect(parseFileKey('users/user-1/poster/f/sub/x.pptx')).toBeNull();
  });
});

describe('real type by the bytes', () => {
  it('knows PDF, OLE2 and zip by their first bytes', () => {
    expect(sniffHead(pdfBytes())).toBe('pdf');
    expect(sniffHead(pptBytes())).toBe('ole');
    expect(sniffHead(pptxBytes())).toBe('zip');
    expect(sniffHead(Buffer.from('hello world'))).toBe('unknown');
    expect(sniffHead(Buffer.from('%PD'))).toBe('unknown');
  });

  it('finds the central directory of a zip and its entry names', () => {
    const bytes = pptxBytes(10_000);
    const directory = zipCentralDirectory(bytes.subarray(Math.max(0, bytes.length - 65_557)))!;
    expect(directory.entries).toBe(3);
    const names = zipEntryNames(bytes.subarray(directory.offset, directory.offset + directory.size));
    expect(names).toEqual(['[Content_Types].xml', 'ppt/presentation.xml', 'ppt/media/image1.bin']);
    expect(isPresentationZip(names)).toBe(true);
  });

  it('tells a Word document from a presentation', () => {
    const bytes = docxBytes();
    const directory = zipCentralDirectory(bytes)!;
    expect(isPresentationZip(zipEntryNames(bytes.subarray(directory.offset, directory.offset + directory.size)))).toBe(false);
  });

  it('finds the directory behind a zip comment, and nothing in bytes that are not a zip', () => {
    const zip = zipBytes([{ name: 'ppt/slide.xml', data: Buffer.from('x') }]);
    const comment = Buffer.from('a comment of the archive');
    zip.writeUInt16LE(comment.length, zip.length - 2);
    const withComment = Buffer.concat([zip, comment]);
    const directory = zipCentralDirectory(withComment)!;
    expect(zipEntryNames(withComment.subarray(directory.offset, directory.offset + directory.size))).toEqual(['ppt/slide.xml']);
    expect(zipCentralDirectory(Buffer.alloc(100, 0x41))).toBeNull();
    expect(zipEntryNames(Buffer.from('garbage that is not a directory, long enough to read fields from'))).toEqual([]);
  });
});
