/**
 * DOCX text straight from `word/document.xml`, read by a scanning loop: paragraphs (`w:p`), text runs
 * (`w:t`), tabs and breaks. Linear time and memory in the part's size, unlike a DOM of the whole document
 * (mammoth took 4 GB of heap for a 5.8 MB DOCX of many short paragraphs). Text is counted as it is found.
 */
import { DocumentError } from './errors.js';
import { TextBudget, type DocumentLimits } from './limits.js';
import { inflateEntry, readCentralDirectory, ZipFormatError } from './zip.js';

function unreadable(why: string, cause?: unknown): DocumentError {
  return new DocumentError('document_unreadable', `DOCX could not be read: ${why}`, { cause });
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

export function extractDocx(bytes: Uint8Array, limits: DocumentLimits): string {
  let xml: string;
  try {
    const entry = readCentralDirectory(bytes, limits.maxArchiveEntries).find(
      (e) => e.name === 'word/document.xml',
    );
    if (entry === undefined) throw unreadable('it has no word/document.xml');
    xml = new TextDecoder().decode(inflateEntry(bytes, entry, limits.maxArchiveBytes));
  } catch (err) {
    if (err instanceof ZipFormatError) throw unreadable(err.message, err);
    throw err;
  }
  return documentText(xml, limits.maxTextBytes);
}

/** The text of a WordprocessingML main part. */
export function documentText(xml: string, maxTextBytes: number): string {
  const out = new TextBudget(maxTextBytes);
  let inText = false;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) break;
    if (inText && lt > i) out.add(decodeEntities(xml.slice(i, lt)));
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) throw unreadable('unterminated comment');
      i = end + 3;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt === -1) throw unreadable('unterminated tag');
    const closing = xml[lt + 1] === '/';
    let n = closing ? lt + 2 : lt + 1;
    const nameStart = n;
    while (
      n < gt &&
      xml[n] !== ' ' &&
      xml[n] !== '/' &&
      xml[n] !== '\t' &&
      xml[n] !== '\n' &&
      xml[n] !== '\r'
    )
      n++;
    const name = xml.slice(nameStart, n);
    const empty = xml[gt - 1] === '/';
    switch (name) {
      case 'w:t':
        inText = !closing && !empty;
        break;
      case 'w:tab':
        if (!closing) out.add('\t');
        break;
      case 'w:br':
      case 'w:cr':
        if (!closing) out.add('\n');
        break;
      case 'w:p':
        if (closing || empty) out.add('\n\n');
        break;
    }
    i = gt + 1;
  }
  return out.text();
}
