/**
 * Real files for upload tests and the bench, made in memory: a PDF, a pptx (a zip holding
 * ppt/presentation.xml and, to reach a size, a stored media part) and a ppt (an OLE2 header).
 */
import { crc32 } from 'node:zlib';

export const MiB = 1024 * 1024;

/** A minimal valid PDF, padded with a comment to `size` bytes when asked. */
export function pdfBytes(size = 0): Buffer {
  const body = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n',
  );
  const end = Buffer.from('%%EOF\n');
  const pad = Math.max(0, size - body.length - end.length);
  return Buffer.concat([body, Buffer.alloc(pad, 0x25), end]);
}

interface Entry {
  name: string;
  data: Buffer;
}

/** A zip with stored (uncompressed) entries. */
export function zipBytes(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A PowerPoint 2007+ file of about `size` bytes (a zip with ppt/ parts). */
export function pptxBytes(size = 0): Buffer {
  const parts: Entry[] = [
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'ppt/presentation.xml', data: Buffer.from('<?xml version="1.0"?><p:presentation/>') },
  ];
  const overhead = zipBytes([...parts, { name: 'ppt/media/image1.bin', data: Buffer.alloc(0) }]).length;
  if (size > overhead) parts.push({ name: 'ppt/media/image1.bin', data: Buffer.alloc(size - overhead, 7) });
  return zipBytes(parts);
}

/** A Word document in disguise: a zip without ppt/ (refused as a presentation). */
export const docxBytes = () => zipBytes([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);

/** The header of an OLE2 compound file, as a .ppt starts. */
export function pptBytes(size = 4096): Buffer {
  const b = Buffer.alloc(size, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
}

/** A tiny but real PNG (1 x 1 pixel). */
export const pngBytes = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** The first bytes of a JPEG (enough for the type check). */
export const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(100)]);
