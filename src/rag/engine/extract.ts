/**
 * Plain-text extraction per document type, with real parsers (PDF, CSV, HTML) or linear scanners (DOCX,
 * Markdown), inside the content limits of limits.ts. Runs on the worker pool (worker-tasks.ts).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { Parser as HtmlParser } from 'htmlparser2';
import { decodeUtf8, DOCUMENT_TYPES, type DocumentType } from './detect.js';
import { DocumentError } from './errors.js';
import { extractDocx } from './extract-docx.js';
import { extractPdf } from './extract-pdf.js';
import { checkTextSize, DEFAULT_DOCUMENT_LIMITS, TextBudget, type DocumentLimits } from './limits.js';
import { markdownToText } from './markdown.js';
import { tidy } from './scanning.js';

export { detectDocumentType, DOCUMENT_TYPES, type DocumentType } from './detect.js';
export { DocumentError, type DocumentErrorCode } from './errors.js';
export { markdownToText } from './markdown.js';

export interface ExtractedText {
  text: string;
  pageCount?: number;
}

/** Extracts and tidies the text of a document of a known type, inside `limits` (checked as it goes). */
export async function extractText(
  bytes: Uint8Array,
  type: DocumentType,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<ExtractedText> {
  if (!DOCUMENT_TYPES.includes(type)) {
    throw new DocumentError('unsupported_document_type', `unsupported document type: ${String(type)}`);
  }
  const result =
    type === 'pdf'
      ? await extractPdf(bytes, limits)
      : type === 'docx'
        ? { text: extractDocx(bytes, limits) }
        : { text: extractTextual(bytes, type, limits) };
  const text = tidy(checkTextSize(result.text, limits.maxTextBytes));
  if (text === '') throw new DocumentError('document_empty', 'the document contains no extractable text');
  return { ...result, text };
}

function unreadable(what: string, cause: unknown): DocumentError {
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return new DocumentError('document_unreadable', `${what} could not be read${detail}`, { cause });
}

function extractTextual(
  bytes: Uint8Array,
  type: Exclude<DocumentType, 'pdf' | 'docx'>,
  limits: DocumentLimits,
): string {
  const decoded = decodeUtf8(bytes);
  if (decoded === undefined)
    throw new DocumentError('document_unreadable', 'the document is not valid UTF-8 text');
  const text = decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded;
  switch (type) {
    case 'html':
      return htmlToText(text);
    case 'csv':
      return csvToText(text, limits.maxTextBytes);
    case 'json':
      return jsonToText(text, limits.maxTextBytes);
    case 'markdown':
      return markdownToText(text);
    case 'text':
      return text;
  }
}

const SKIPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'head']);
const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'aside',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
  'dt',
  'dd',
  'dl',
  'figure',
  'figcaption',
  'main',
  'title',
  'td',
  'th',
  'address',
  'form',
  'fieldset',
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
  const body = parts
    .join('')
    .replace(/[ \t\r\f\v\u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n');
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
export function csvToText(text: string, maxTextBytes = DEFAULT_DOCUMENT_LIMITS.maxTextBytes): string {
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    });
  } catch (err) {
    throw unreadable('CSV', err);
  }
  if (rows.length === 0) return '';
  const [header, ...records] = rows;
  if (records.length === 0) return header.join(' ');
  // Headers repeat on every row, so the text can be far larger than the file: counted as it grows.
  const keys = header.map((h, i) => h.trim() || `column ${i + 1}`);
  const out = new TextBudget(maxTextBytes);
  records.forEach((row, r) => {
    if (r > 0) out.add('\n\n');
    let first = true;
    row.forEach((raw, i) => {
      const value = raw.trim();
      if (value === '') return;
      out.add(`${first ? '' : '\n'}${keys[i] ?? `column ${i + 1}`}: ${value}`);
      first = false;
    });
  });
  return out.text();
}

const MAX_JSON_DEPTH = 64;

/** String (and number/boolean) leaves as "path: value" lines, e.g. `items[0].title: …`. */
export function jsonToText(text: string, maxTextBytes = DEFAULT_DOCUMENT_LIMITS.maxTextBytes): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw unreadable('JSON', err);
  }
  // Paths repeat on every leaf, so the text can be far larger than the file: counted as it grows.
  const out = new TextBudget(maxTextBytes);
  const push = (line: string) => out.add(out.empty() ? line : `\n${line}`);
  const walk = (node: unknown, path: string, depth: number): void => {
    if (depth > MAX_JSON_DEPTH) return;
    if (typeof node === 'string') {
      if (node.trim() !== '') push(path === '' ? node : `${path}: ${node}`);
    } else if (typeof node === 'number' || typeof node === 'boolean') {
      push(path === '' ? String(node) : `${path}: ${String(node)}`);
    } else if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${path}[${i}]`, depth + 1));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node))
        walk(child, path === '' ? key : `${path}.${key}`, depth + 1);
    }
  };
  walk(value, '', 0);
  return out.text();
}
