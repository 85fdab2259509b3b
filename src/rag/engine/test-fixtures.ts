/**
 * Builders for small but valid documents, used by the tests and benchmarks
 * (no binary fixtures in the repository).
 */
import zlib from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';

/** A one-page-per-entry PDF with Helvetica text; xref offsets are computed, so pdf.js reads it without repair. */
export function buildPdf(pages: string[][]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, then (page, content) pairs.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, i) => {
    const pageId = 4 + i * 2;
    const contentId = pageId + 1;
    pageIds.push(pageId);
    const ops = lines.map((l, j) => `BT /F1 12 Tf 72 ${720 - j * 16} Td (${esc(l)}) Tj ET`).join('\n');
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`;
  });
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * A one-page PDF whose content stream is `deflated` (already FlateDecode-compressed bytes, which may inflate to
 * anything), with binary-safe xref offsets.
 */
export function buildFlatePdf(deflated: Uint8Array): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((dict, i) => {
    offsets.push(size);
    const chunks =
      dict === null
        ? [
            Buffer.from(
              `${i + 1} 0 obj\n<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`,
              'latin1',
            ),
            deflated,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]
        : [Buffer.from(`${i + 1} 0 obj\n${dict}\nendobj\n`, 'latin1')];
    for (const c of chunks) {
      parts.push(Buffer.from(c));
      size += c.length;
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) tail += `${String(o).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

function xmlEscape(s: string): string {
  return s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

/** A minimal DOCX (one w:p per paragraph). `extra` adds or overrides archive entries. */
export function buildDocx(paragraphs: string[], extra: Zippable = {}): Uint8Array {
  const body = paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'word/document.xml': strToU8(document),
    ...extra,
  });
}

export interface RawZipEntry {
  name: string;
  /** Bytes stored as the entry's data (already compressed when method is 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** Uncompressed size written to both headers (may lie, to simulate bombs). */
  declaredSize: number;
}

/** Hand-assembled ZIP (no CRCs checked by the scanner), for crafting malformed and bomb archives. */
export function buildRawZip(entries: RawZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(e.method, 8);
    lh.writeUInt32LE(e.data.length, 18);
    lh.writeUInt32LE(e.declaredSize, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(e.method, 10);
    ch.writeUInt32LE(e.data.length, 20);
    ch.writeUInt32LE(e.declaredSize, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    locals.push(lh, name, Buffer.from(e.data));
    centrals.push(ch, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}

/**
 * Raw deflate data that inflates to `mebibytes` MiB of zeros, built in milliseconds:
 * one sync-flushed block is byte-aligned and self-contained, so copies can be
 * concatenated and closed with an empty final fixed-Huffman block (0x03 0x00).
 */
export function zeroBombDeflate(mebibytes: number): Uint8Array {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  return new Uint8Array(Buffer.concat([...Array<Buffer>(mebibytes).fill(block), Buffer.from([0x03, 0x00])]));
}
