import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DocumentError, detectDocumentType, extractText } from './extract.js';
import { buildDocx, buildPdf } from './test-fixtures.js';

const utf8 = (s: string) => new TextEncoder().encode(s);

async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    expect(err).toBeInstanceOf(DocumentError);
    return (err as DocumentError).code;
  }
}

const HTML = `<!DOCTYPE html><html><head><title>دليل الموظف</title><style>p{color:red}</style></head>
<body><h1>سياسة الإجازات</h1><p>يحق للموظف &amp; المتدرب إجازة سنوية.</p><script>alert("x")</script><ul><li>أولا</li><li>ثانيا</li></ul></body></html>`;
const CSV = 'name,department,city\nسارة,المالية,الرياض\nOmar,IT,Jeddah\n';
const JSON_DOC = JSON.stringify({
  title: 'Handbook',
  sections: [{ heading: 'Leave', body: 'Annual leave is 30 days.' }],
  pages: 12,
  draft: false,
  none: null,
});
const MD =
  '# Leave policy\n\nEmployees get **30 days** of [annual leave](https://example.com/leave).\n\n- carry over 5 days\n- `HR-12` form\n\n```\ncode sample\n```\n';

describe('detectDocumentType', () => {
  it('recognises binary formats from their bytes', () => {
    expect(detectDocumentType(buildPdf([['hello']]))).toBe('pdf');
    expect(detectDocumentType(buildDocx(['hello']), 'x.txt')).toBe('docx');
    expect(detectDocumentType(zipSync({ 'a.txt': strToU8('hi') }))).toBeNull();
    expect(
      detectDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
    ).toBeNull();
  });
  it('recognises text formats from content, not the extension', () => {
    expect(detectDocumentType(utf8(HTML), 'notes.txt')).toBe('html');
    expect(detectDocumentType(utf8(CSV), 'data.txt')).toBe('csv');
    expect(detectDocumentType(utf8(JSON_DOC), 'a.md')).toBe('json');
    expect(detectDocumentType(utf8(MD), 'a.txt')).toBe('markdown');
    expect(detectDocumentType(utf8('مرحبا بكم في الدليل. هذا نص عادي.'))).toBe('text');
  });
  it('uses the extension only to break ties between text types', () => {
    const twoLines = 'Hello, world.\nHow are you, friend?';
    expect(detectDocumentType(utf8(twoLines))).toBe('text');
    expect(detectDocumentType(utf8(twoLines), 'pair.csv')).toBe('csv');
    const list = '- one\n- two\n';
    expect(detectDocumentType(utf8(list))).toBe('markdown');
    expect(detectDocumentType(utf8(list), 'list.txt')).toBe('text');
    expect(detectDocumentType(utf8('{"a": 1}'), 'x.csv')).toBe('json');
  });
  it('rejects invalid UTF-8 and NUL bytes', () => {
    expect(detectDocumentType(new Uint8Array([0x68, 0x69, 0xff, 0xfe]))).toBeNull();
    expect(detectDocumentType(new Uint8Array([0x68, 0x00, 0x69]))).toBeNull();
  });
});

describe('extractText', () => {
  it('PDF: page texts joined, page count reported', async () => {
    const pdf = buildPdf([['Annual leave policy.', 'Thirty days per year (paid).'], ['Second page text.']]);
    const { text, pageCount } = await extractText(pdf, 'pdf');
    expect(pageCount).toBe(2);
    expect(text).toBe('Annual leave policy.\nThirty days per year (paid).\n\nSecond page text.');
  });
  it('DOCX by the linear scanner, Arabic preserved', async () => {
    const { text } = await extractText(buildDocx(['سياسة الإجازات', 'Annual leave & benefits']), 'docx');
    expect(text).toBe('سياسة الإجازات\n\nAnnual leave & benefits');
  });
  it('HTML: drops script/style, keeps blocks, decodes entities', async () => {
    const { text } = await extractText(utf8(HTML), 'html');
    expect(text).toContain('دليل الموظف');
    expect(text).toContain('سياسة الإجازات\n');
    expect(text).toContain('يحق للموظف & المتدرب إجازة سنوية.');
    expect(text).toMatch(/أولا\n+ثانيا/);
    expect(text).not.toMatch(/alert|color/);
  });
  it('CSV: rows become header: value lines', async () => {
    const { text } = await extractText(utf8(CSV), 'csv');
    expect(text).toBe(
      'name: سارة\ndepartment: المالية\ncity: الرياض\n\nname: Omar\ndepartment: IT\ncity: Jeddah',
    );
  });
  it('JSON: leaves with their key paths', async () => {
    const { text } = await extractText(utf8(JSON_DOC), 'json');
    expect(text.split('\n')).toEqual([
      'title: Handbook',
      'sections[0].heading: Leave',
      'sections[0].body: Annual leave is 30 days.',
      'pages: 12',
      'draft: false',
    ]);
  });
  it('markdown: syntax stripped, words kept', async () => {
    const { text } = await extractText(utf8(MD), 'markdown');
    expect(text).toContain('Leave policy');
    expect(text).toContain('Employees get 30 days of annual leave.');
    expect(text).toContain('carry over 5 days\nHR-12 form');
    expect(text).toContain('code sample');
    expect(text).not.toMatch(/[#*`[\]]|https/);
  });
  it('text as is (BOM and CRLF normalised)', async () => {
    expect((await extractText(utf8('\uFEFFسطر أول\r\nسطر ثان'), 'text')).text).toBe('سطر أول\nسطر ثان');
  });
  it('corrupt PDF/DOCX and bad UTF-8 → document_unreadable', async () => {
    const pdf = buildPdf([['hello']]);
    expect(await errorCode(extractText(pdf.slice(0, 120), 'pdf'))).toBe('document_unreadable');
    expect(await errorCode(extractText(utf8('%PDF-1.7\nnot really a pdf'), 'pdf'))).toBe(
      'document_unreadable',
    );
    const docx = buildDocx(['hello']);
    expect(await errorCode(extractText(docx.slice(0, docx.length - 40), 'docx'))).toBe('document_unreadable');
    expect(
      await errorCode(
        extractText(zipSync({ 'word/document.xml': strToU8('<w:document><unclosed') }), 'docx'),
      ),
    ).toBe('document_unreadable');
    expect(await errorCode(extractText(new Uint8Array([0xc3, 0x28]), 'text'))).toBe('document_unreadable');
  });
  it('no text → document_empty', async () => {
    expect(await errorCode(extractText(utf8('  \n\t '), 'text'))).toBe('document_empty');
    expect(await errorCode(extractText(utf8('<html><body><script>x()</script></body></html>'), 'html'))).toBe(
      'document_empty',
    );
    expect(await errorCode(extractText(buildDocx([]), 'docx'))).toBe('document_empty');
    expect(await errorCode(extractText(buildPdf([[]]), 'pdf'))).toBe('document_empty');
  });
  it('unknown type → unsupported_document_type', async () => {
    expect(await errorCode(extractText(utf8('x'), 'xlsx' as never))).toBe('unsupported_document_type');
  });
});
