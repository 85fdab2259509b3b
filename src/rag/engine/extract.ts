/**
 * Plain-text extraction per document type, with real parsers.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { Parser as HtmlParser } from 'htmlparser2';
import { decodeUtf8, DOCUMENT_TYPES, type DocumentType } from './detect.js';
import { DocumentError } from './errors.js';

export { detectDocumentType, DOCUMENT_TYPES, type DocumentType } from './detect.js';
export { DocumentError, type DocumentErrorCode } from './errors.js';

export interface ExtractedText {
  text: string;
  pageCount?: number;
}

export async function extractText(bytes: Uint8Array, type: DocumentType): Promise<ExtractedText> {
  if (!DOCUMENT_TYPES.includes(type)) {
    throw new DocumentError('unsupported_document_type', `unsupported document type: ${String(type)}`);
  }
  const result = type === 'pdf' ? await extractPdf(bytes) : type === 'docx' ? { text: await extractDocx(bytes) } : { text: extractTextual(bytes, type) };
  const text = tidy(result.text);
  if (text === '') throw new DocumentError('document_empty', 'the document contains no extractable text');
  return { ...result, text };
}

/** Uniform line endings, no trailing spaces, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00A0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function unreadable(what: string, cause: unknown): DocumentError {
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return new DocumentError('document_unreadable', `${what} could not be read${detail}`, { cause });
}

async function extractPdf(bytes: Uint8Array): Promise<ExtractedText> {
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
    throw unreadable('PDF', err);
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text);
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pageCount: doc.numPages };
  } catch (err) {
    throw unreadable('PDF', err);
  } finally {
    await doc.destroy();
  }
}

async function extractDocx(bytes: Uint8Array): Promise<string> {
  try {
    // Loaded on first use: mammoth costs a few hundred milliseconds of start-up otherwise.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return result.value;
  } catch (err) {
    throw unreadable('DOCX', err);
  }
}

function extractTextual(bytes: Uint8Array, type: Exclude<DocumentType, 'pdf' | 'docx'>): string {
  const decoded = decodeUtf8(bytes);
  if (decoded === undefined) throw new DocumentError('document_unreadable', 'the document is not valid UTF-8 text');
  const text = decoded.replace(/^\uFEFF/, '');
  switch (type) {
    case 'html':
      return htmlToText(text);
    case 'csv':
      return csvToText(text);
    case 'json':
      return jsonToText(text);
    case 'markdown':
      return markdownToText(text);
    case 'text':
      return text;
  }
}

const SKIPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'head']);
const BLOCK_ELEMENTS = new Set([
  'p', 'div', 'br', 'li', 'ul', 'ol', 'tr', 'table', 'section', 'article', 'header', 'footer', 'nav', 'aside',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr', 'dt', 'dd', 'dl', 'figure', 'figcaption', 'main',
  'title', 'td', 'th', 'address', 'form', 'fieldset',
]);

export function htmlToText(html: string): string {
  const parts: string[] = [];
  let skipDepth = 0;
  let title = '';
  let inTitle = false;
  const parser = new HtmlParser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (SKIPPED_ELEMENTS.has(name)) skipDepth++;
        else if (BLOCK_ELEMENTS.has(name)) parts.push('\n');
      },
      ontext(data) {
        if (inTitle) title += data;
        else if (skipDepth === 0) parts.push(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (SKIPPED_ELEMENTS.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCK_ELEMENTS.has(name)) parts.push(name === 'p' || /^h\d$/.test(name) ? '\n\n' : '\n');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  // Inline whitespace collapses like a browser renders it; block breaks survive.
  const body = parts.join('').replace(/[ \t\r\f\v\u00A0]+/g, ' ').replace(/ *\n */g, '\n');
  const t = title.replace(/\s+/g, ' ').trim();
  return t !== '' && !body.includes(t) ? `${t}\n\n${body}` : body;
}

function csvDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const d of [',', '\t', ';', '|']) {
    const n = first.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** Rows become "header: value" lines, one blank line per row so chunks break between records. */
export function csvToText(text: string): string {
  let rows: string[][];
  try {
    rows = parseCsv(text, { delimiter: csvDelimiter(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true });
  } catch (err) {
    throw unreadable('CSV', err);
  }
  if (rows.length === 0) return '';
  const [header, ...records] = rows;
  if (records.length === 0) return header.join(' ');
  return records
    .map((row) =>
      row
        .map((value, i) => [header[i]?.trim() || `column ${i + 1}`, value.trim()] as const)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `${key}: ${value}`)
        .join('\n'),
    )
    .join('\n\n');
}

const MAX_JSON_DEPTH = 64;

/** String (and number/boolean) leaves as "path: value" lines, e.g. `items[0].title: …`. */
export function jsonToText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw unreadable('JSON', err);
  }
  const lines: string[] = [];
  const walk = (node: unknown, path: string, depth: number): void => {
    if (depth > MAX_JSON_DEPTH) return;
    if (typeof node === 'string') {
      if (node.trim() !== '') lines.push(path === '' ? node : `${path}: ${node}`);
    } else if (typeof node === 'number' || typeof node === 'boolean') {
      lines.push(path === '' ? String(node) : `${path}: ${String(node)}`);
    } else if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${path}[${i}]`, depth + 1));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, path === '' ? key : `${path}.${key}`, depth + 1);
    }
  };
  walk(value, '', 0);
  return lines.join('\n');
}

/** Light markdown stripping: syntax goes, all words (incl. code and link text) stay. */
export function markdownToText(md: string): string {
  return md
    .replace(/^(```|~~~).*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*([-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/<[^>\n]+>/g, '');
}
