/**
 * Hostile documents (issue 11): each class that used to freeze or kill the emulator, built here, uploaded to
 * the built CLI as an ordinary client would. Each gets its answer (422 with its code, or 202) within 10 s,
 * the process's peak RSS (VmHWM, worker threads included) stays under 600 MB, and GET /_emulator/health,
 * polled all along, keeps answering. Needs `npm run build` (test/support/global-setup.ts builds dist/).
 */
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlatePdf, buildPdf } from '../../src/rag/engine/test-fixtures.js';
import { killAll, runCli, type CliRun } from '../support/cli.js';

const MiB = 1024 * 1024;
const READY = /^svc-emulator ready at (http:\/\/\S+\/v1) \(admin (http:\/\/\S+\/_emulator)\)$/;
/** A health answer slower than this means the event loop was blocked (it used to be seconds). */
const HEALTH_BOUND_MS = 1000;

let cli: CliRun;
let base: string;
let admin: string;
let key: string;

beforeAll(async () => {
  cli = runCli(['--port', '0', '--log-level', 'silent']);
  const [, v1, adminUrl] = READY.exec(await cli.line(READY))!;
  base = v1;
  admin = adminUrl;
  key = (await cli.line(/^demo live key: /)).replace('demo live key: ', '');
  // RAG calls wait for the demo corpus, indexed at start: measure the hostile uploads, not the start-up.
  const res = await fetch(`${base}/rag/documents?limit=1`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
}, 30_000);

afterAll(killAll);

function peakRssMb(): number {
  const status = readFileSync(`/proc/${cli.child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Uploads while polling health; returns the answer, its time, and the slowest health answer meanwhile. */
async function hostileUpload(
  bytes: Uint8Array,
  name: string,
): Promise<{ status: number; body: any; ms: number; healthMaxMs: number }> {
  let done = false;
  let healthMaxMs = 0;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${admin}/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      healthMaxMs = Math.max(healthMaxMs, performance.now() - t0);
    }
  })();
  const form = new FormData();
  form.set('title', name);
  form.set('file', new Blob([bytes]), name);
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/rag/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    const body = await res.json();
    return { status: res.status, body, ms: performance.now() - t0, healthMaxMs };
  } finally {
    done = true;
    await poll;
  }
}

async function expectBounded(
  bytes: Uint8Array,
  name: string,
  expected: { status: number; code?: string; detail?: RegExp },
): Promise<void> {
  const r = await hostileUpload(bytes, name);
  const rss = peakRssMb();
  console.log(
    `${name}: ${(bytes.byteLength / MiB).toFixed(2)} MiB → ${r.status} ${r.body.code ?? ''} in ${r.ms.toFixed(0)} ms, health max ${r.healthMaxMs.toFixed(0)} ms, peak RSS ${rss.toFixed(0)} MB`,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(expected.status);
  if (expected.code !== undefined) expect(r.body.code).toBe(expected.code);
  if (expected.detail !== undefined) expect(r.body.detail).toMatch(expected.detail);
  expect(r.ms).toBeLessThan(10_000);
  expect(r.healthMaxMs).toBeLessThan(HEALTH_BOUND_MS);
  expect(rss).toBeLessThan(600);
}

/** Deterministic pseudo-random words, so the DOCX compresses like prose, not like a repeated string. */
function words(count: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(`w${(x >>> 8) % 5000}`);
  }
  return out.join(' ');
}

function manyParagraphDocx(paragraphs: number): Uint8Array {
  const parts: string[] = [];
  for (let i = 0; i < paragraphs; i++) parts.push(`<w:p><w:r><w:t>${words(12, i)}</w:t></w:r></w:p>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${parts.join('')}</w:body></w:document>`;
  return zipSync(
    { '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8(xml) },
    { level: 1 },
  );
}

/** One page whose FlateDecode content stream inflates to `mib` MiB; the stream is built in 1 MiB steps. */
async function inflatingPdf(mib: number): Promise<Uint8Array> {
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const step = Buffer.alloc(MiB, 'BT /F1 12 Tf 72 720 Td (A) Tj ET\n');
  for (let i = 0; i < mib; i++)
    if (!deflate.write(step)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return buildFlatePdf(Buffer.concat(chunks));
}

describe('hostile documents get a bounded answer (built CLI, peak RSS, health polled throughout)', () => {
  it('a 5.8 MB DOCX of many short paragraphs: 422 document_too_complex naming rag.maxTextBytes', async () => {
    const docx = manyParagraphDocx(180_000);
    expect(docx.byteLength).toBeGreaterThan(5 * MiB);
    // On a machine this busy that reading 5 MB takes over 8 s, the task time budget answers first: same code.
    await expectBounded(docx, 'paragraphs.docx', {
      status: 422,
      code: 'document_too_complex',
      detail: /rag\.maxTextBytes = \d+|task time budget/,
    });
  }, 30_000);

  it('a PDF of 6,000 pages: 422 document_too_complex naming rag.maxPdfPages', async () => {
    const pdf = buildPdf(Array.from({ length: 6000 }, (_, i) => [`page ${i + 1}`]));
    await expectBounded(pdf, 'pages.pdf', {
      status: 422,
      code: 'document_too_complex',
      detail: /rag\.maxPdfPages = 2000 \(it has 6000 pages\)/,
    });
  }, 30_000);

  it('a PDF whose content stream inflates to 512 MiB: 422 document_too_complex naming rag.maxPdfDecodedBytes', async () => {
    const pdf = await inflatingPdf(512);
    expect(pdf.byteLength).toBeLessThan(2 * MiB);
    await expectBounded(pdf, 'inflating.pdf', {
      status: 422,
      code: 'document_too_complex',
      detail: /rag\.maxPdfDecodedBytes = \d+/,
    });
  }, 30_000);

  it('a small JSON whose paths repeat on every leaf: 422 document_too_complex naming rag.maxTextBytes', async () => {
    const json = JSON.stringify({ ['k'.repeat(4096)]: new Array(400_000).fill(1) });
    await expectBounded(new TextEncoder().encode(json), 'paths.json', {
      status: 422,
      code: 'document_too_complex',
      detail: /rag\.maxTextBytes/,
    });
  }, 30_000);

  it('Markdown with a million blank lines, text with a million spaces, unclosed brackets: accepted (202) in linear time', async () => {
    const enc = new TextEncoder();
    await expectBounded(enc.encode(`# Title\n${'\n'.repeat(MiB)}closing words\n`), 'blank.md', {
      status: 202,
    });
    await expectBounded(enc.encode(`start ${' '.repeat(MiB)} end`), 'spaces.txt', { status: 202 });
    await expectBounded(enc.encode(`# Links\n${'[a]('.repeat(MiB / 4)} text`), 'brackets.md', {
      status: 202,
    });
  }, 40_000);
});
