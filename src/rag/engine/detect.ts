/**
 * Document type recognition from content. The file name's extension is only
 * consulted to break ties between text formats, because clients routinely
 * upload `.txt` files that are CSV and the reverse.
 */
import { isZip, readCentralDirectory, ZipFormatError } from './zip.js';

export type DocumentType = 'pdf' | 'docx' | 'html' | 'markdown' | 'csv' | 'json' | 'text';
export const DOCUMENT_TYPES: readonly DocumentType[] = ['pdf', 'docx', 'html', 'markdown', 'csv', 'json', 'text'];

const EXTENSIONS: Readonly<Record<string, DocumentType>> = {
  pdf: 'pdf', docx: 'docx', html: 'html', htm: 'html', md: 'markdown', markdown: 'markdown',
  csv: 'csv', tsv: 'csv', json: 'json', txt: 'text', text: 'text',
};

function extensionType(fileName: string | undefined): DocumentType | undefined {
  const m = fileName === undefined ? null : /\.([A-Za-z0-9]+)$/.exec(fileName);
  if (m === null) return undefined;
  const ext = m[1].toLowerCase();
  return Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
}

/** Fatal UTF-8 decode without BOM, or undefined when the bytes are not text. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.includes('\0') ? undefined : text;
  } catch {
    return undefined;
  }
}

const PDF_MAGIC = '%PDF-';

function startsWithPdfMagic(bytes: Uint8Array): boolean {
  // Some producers put junk before the header; readers accept it within the first 1 KiB.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes(PDF_MAGIC);
}

function isDocx(bytes: Uint8Array): boolean {
  try {
    return readCentralDirectory(bytes, 10_000).some((e) => e.name === 'word/document.xml');
  } catch (err) {
    if (!(err instanceof ZipFormatError)) throw err;
    // Damaged directory: local headers still carry names in clear text. Calling
    // it DOCX lets the scanner/extractor report the real problem.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/document.xml');
  }
}

export function detectDocumentType(bytes: Uint8Array, fileName?: string): DocumentType | null {
  if (startsWithPdfMagic(bytes)) return 'pdf';
  if (isZip(bytes)) return isDocx(bytes) ? 'docx' : null;
  const text = decodeUtf8(bytes);
  if (text === undefined) return null;
  return detectTextType(text, extensionType(fileName));
}

function detectTextType(text: string, ext: DocumentType | undefined): DocumentType {
  const trimmed = text.trim();
  if (trimmed === '') return ext !== undefined && ext !== 'pdf' && ext !== 'docx' ? ext : 'text';
  if (/^[[{]/.test(trimmed) && parsesAsJson(trimmed)) return 'json';
  if (looksLikeHtml(trimmed)) return 'html';
  const csv = csvShape(trimmed);
  const md = markdownShape(trimmed);
  const strong: DocumentType[] = [];
  if (csv === 'strong') strong.push('csv');
  if (md === 'strong') strong.push('markdown');
  if (strong.length > 0) return ext !== undefined && strong.includes(ext) ? ext : strong[0];
  const weak: DocumentType[] = ['text'];
  if (csv === 'weak') weak.push('csv');
  if (md === 'weak') weak.push('markdown');
  if (ext !== undefined && weak.includes(ext)) return ext;
  // A weak CSV shape (two lines with equal comma counts) is common in prose; only the extension may confirm it.
  return md === 'weak' ? 'markdown' : 'text';
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const HTML_TAG = /<\/?(html|head|body|div|p|span|a|h[1-6]|ul|ol|li|table|tr|td|th|br|title|meta|section|article|header|footer|strong|em|b|i)\b[^>]*>/gi;

function looksLikeHtml(text: string): boolean {
  if (/^(<\?xml[^>]*>\s*)?<!doctype\s+html/i.test(text) || /<html[\s>]/i.test(text)) return true;
  const tags = text.match(HTML_TAG)?.length ?? 0;
  const closing = text.match(/<\/[a-z][a-z0-9]*\s*>/gi)?.length ?? 0;
  return tags >= 3 && closing >= 1;
}

/** Number of delimiter-separated fields in a line, respecting double quotes. */
function fieldCount(line: string, delimiter: string): number {
  let count = 1;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

function csvShape(text: string): 'strong' | 'weak' | 'none' {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 50);
  if (lines.length < 2) return 'none';
  if (lines.every((l) => /^\s*\|/.test(l))) return 'none'; // markdown table
  for (const d of [',', '\t', ';', '|']) {
    const n = fieldCount(lines[0], d);
    if (n >= 2 && lines.every((l) => fieldCount(l, d) === n)) return lines.length >= 3 ? 'strong' : 'weak';
  }
  return 'none';
}

function markdownShape(text: string): 'strong' | 'weak' | 'none' {
  const strong =
    /^#{1,6}\s+\S/m.test(text) || /^(```|~~~)/m.test(text) || /\[[^\]\n]+\]\([^)\s]+\)/.test(text) || /^\|?\s*:?-{3,}:?\s*\|/m.test(text);
  if (strong) return 'strong';
  const lists = text.match(/^\s*([-*+]|\d+\.)\s+\S/gm)?.length ?? 0;
  const emphasis = /(\*\*|__)[^*_\n]+\1/.test(text) || /`[^`\n]+`/.test(text);
  return lists >= 2 || emphasis ? 'weak' : 'none';
}
