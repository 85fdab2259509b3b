/**
 * PDF text through pdf.js, inside the content limits: compressed streams are measured with native zlib
 * before pdf.js sees them (pdf.js inflates into typed arrays outside the worker's heap ceiling), pages are
 * counted before pdf.js parses the file and again before any page is read, and extracted text is counted
 * page by page.
 */
import zlib from 'node:zlib';
import { DocumentError } from './errors.js';
import { TextBudget, tooComplex, type DocumentLimits } from './limits.js';

export interface PdfText {
  text: string;
  pageCount: number;
}

function unreadable(cause: unknown): DocumentError {
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return new DocumentError('document_unreadable', `PDF could not be read${detail}`, { cause });
}

/**
 * Inflates every FlateDecode stream that is not an image (images are not decoded for text) with a
 * running budget of `maxPdfDecodedBytes`; native zlib stops at the budget, so a stream that inflates to
 * gigabytes costs at most the budget. Streams zlib cannot read are left to pdf.js.
 */
export function checkPdfStreams(bytes: Uint8Array, maxBytes: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let pos = 0;
  for (;;) {
    const kw = buf.indexOf('stream', pos, 'latin1');
    if (kw === -1) break;
    let start = kw + 6;
    const isKeyword =
      (kw < 3 || buf.toString('latin1', kw - 3, kw) !== 'end') &&
      (buf[start] === 0x0d || buf[start] === 0x0a);
    if (!isKeyword) {
      pos = kw + 6;
      continue;
    }
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    if (end === -1) break;
    const head = buf.toString('latin1', Math.max(pos, kw - 2048), kw);
    const dict = head.slice(Math.max(0, head.lastIndexOf('obj')));
    if (dict.includes('/FlateDecode') && !/\/Subtype\s{0,8}\/Image/.test(dict))
      total += inflatedSize(buf.subarray(start, end), maxBytes - total, maxBytes);
    pos = end + 9;
  }
  return total;
}

function inflatedSize(data: Buffer, budget: number, maxBytes: number): number {
  try {
    return zlib.inflateSync(data, {
      maxOutputLength: Math.max(1, budget),
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }).length;
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE' || budget <= 0) {
      throw tooComplex(
        'maxPdfDecodedBytes',
        maxBytes,
        'its compressed streams decode to more bytes than that',
      );
    }
    return 0;
  }
}

/**
 * Page objects visible in the file (`/Type /Page`), counted in one pass before pdf.js parses anything;
 * pages inside compressed object streams are not visible here and are counted by pdf.js instead.
 */
export function visiblePageObjects(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.match(/\/Type\s{0,8}\/Page(?![A-Za-z0-9])/g)?.length ?? 0;
}

export async function extractPdf(bytes: Uint8Array, limits: DocumentLimits): Promise<PdfText> {
  const visible = visiblePageObjects(bytes);
  if (visible > limits.maxPdfPages)
    throw tooComplex('maxPdfPages', limits.maxPdfPages, `it has ${visible} pages`);
  checkPdfStreams(bytes, limits.maxPdfDecodedBytes);
  // Legacy build: the modern one expects browser globals missing in Node 20.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js transfers (detaches) the buffer it is given; hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy();
    throw unreadable(err);
  }
  try {
    if (doc.numPages > limits.maxPdfPages)
      throw tooComplex('maxPdfPages', limits.maxPdfPages, `it has ${doc.numPages} pages`);
    const out = new TextBudget(limits.maxTextBytes);
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      if (n > 1) out.add('\n\n');
      for (const item of content.items) {
        if (!('str' in item)) continue;
        out.add(item.str);
        if (item.hasEOL) out.add('\n');
      }
      page.cleanup();
    }
    return { text: out.text(), pageCount: doc.numPages };
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw unreadable(err);
  } finally {
    await doc.destroy();
  }
}
