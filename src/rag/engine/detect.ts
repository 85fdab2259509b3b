/**
 * Document type recognition from content. The file name's extension is only
 * consulted to break ties between text formats, because clients routinely
 * upload `.txt` files that are CSV and the reverse.
 */
import { NextIndex } from './scanning.js';
import { isZip, readCentralDirectory, ZipFormatError } from './zip.js';

export type DocumentType = 'pdf' | 'docx' | 'html' | 'markdown' | 'csv' | 'json' | 'text';
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'pdf',
  'docx',
  'html',
  'markdown',
  'csv',
  'json',
  'text',
];

const EXTENSIONS: Readonly<Record<string, DocumentType>> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  htm: 'html',
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  tsv: 'csv',
  json: 'json',
  txt: 'text',
  text: 'text',
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
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString(
    'latin1',
  );
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

const HTML_TAG_NAME =
  /\/?(html|head|body|div|p|span|a|h[1-6]|ul|ol|li|table|tr|td|th|br|title|meta|section|article|header|footer|strong|em|b|i)\b/iy;
const CLOSING_TAG = /\/[a-z][a-z0-9]{0,31}\s{0,32}>/iy;

/** Known tags (`<name ...>`) and closing tags (`</name>`), counted in one pass (no regex rescans the rest). */
function countTags(text: string): { tags: number; closing: number } {
  const next = new NextIndex(text);
  let tags = 0;
  let closing = 0;
  for (let i = text.indexOf('<'); i !== -1;) {
    CLOSING_TAG.lastIndex = i + 1;
    if (CLOSING_TAG.test(text)) closing++;
    HTML_TAG_NAME.lastIndex = i + 1;
    const end = HTML_TAG_NAME.test(text) ? next.of('>', HTML_TAG_NAME.lastIndex) : -1;
    if (end !== -1) tags++;
    i = text.indexOf('<', end === -1 ? i + 1 : end + 1);
  }
  return { tags, closing };
}

function looksLikeHtml(text: string): boolean {
  if (/^(<\?xml[^>]{0,1024}>\s{0,1024})?<!doctype\s{1,64}html/i.test(text) || /<html[\s>]/i.test(text))
    return true;
  const { tags, closing } = countTags(text);
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

/** The first `max` non-blank lines, without splitting the whole text. */
function firstLines(text: string, max: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length && out.length < max;) {
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? text.length : nl;
    if (end > i) {
      const line = text.slice(i, end > i && text[end - 1] === '\r' ? end - 1 : end);
      if (line.trim() !== '') out.push(line);
    }
    i = end + 1;
  }
  return out;
}

function csvShape(text: string): 'strong' | 'weak' | 'none' {
  const lines = firstLines(text, 50);
  if (lines.length < 2) return 'none';
  if (lines.every((l) => l.trimStart().startsWith('|'))) return 'none'; // markdown table
  for (const d of [',', '\t', ';', '|']) {
    const n = fieldCount(lines[0], d);
    if (n >= 2 && lines.every((l) => fieldCount(l, d) === n)) return lines.length >= 3 ? 'strong' : 'weak';
  }
  return 'none';
}

/** `[text](href)` with neither part empty, text without `]` or a line break, href without `)` or spaces. */
function hasMarkdownLink(text: string): boolean {
  const next = new NextIndex(text);
  for (let i = text.indexOf('['); i !== -1;) {
    const close = next.ofAny(']\n', i + 1);
    if (close === -1) return false;
    if (text[close] === ']' && close > i + 1 && text[close + 1] === '(') {
      let j = close + 2;
      while (j < text.length && text[j] !== ')' && !/\s/.test(text[j])) j++;
      if (text[j] === ')' && j > close + 2) return true;
      // Every '[' before this ']' ends the same way: go past it.
      i = text.indexOf('[', j);
    } else i = text.indexOf('[', close + 1);
  }
  return false;
}

// Line-start patterns use [ \t], never \s: \s also matches line breaks, and `^\s*` tried at every line of a
// run of blank lines rescans the rest of the run each time.
function markdownShape(text: string): 'strong' | 'weak' | 'none' {
  const strong =
    /^#{1,6}[ \t]+\S/m.test(text) ||
    /^(```|~~~)/m.test(text) ||
    hasMarkdownLink(text) ||
    /^\|?[ \t]*:?-{3,}:?[ \t]*\|/m.test(text);
  if (strong) return 'strong';
  const lists = text.match(/^[ \t]*([-*+]|\d+\.)[ \t]+\S/gm)?.length ?? 0;
  const emphasis = /(\*\*|__)[^*_\n]+\1/.test(text) || /`[^`\n]+`/.test(text);
  return lists >= 2 || emphasis ? 'weak' : 'none';
}
