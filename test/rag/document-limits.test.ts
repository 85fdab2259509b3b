/**
 * Content limits of RAG uploads (issue 11, docs/limits.md "Documents"): each is configurable, and past it
 * the upload is 422 `document_too_complex` naming the limit and its value, with nothing stored or billed.
 * The hostile documents at the default limits are in hostile-documents.test.ts.
 */
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDocx, buildFlatePdf, buildPdf } from '../../src/rag/engine/test-fixtures.js';
import { expectProblem } from '../support/problem.js';
import { buildRagEmulator, get, readyOrg, upload, type RagTest } from './helpers.js';

let t: RagTest;

afterEach(async () => {
  await t.emulator.close();
});

async function expectTooComplex(
  options: Parameters<typeof buildRagEmulator>[0],
  file: { bytes: Uint8Array | string; name: string },
  detail: RegExp,
): Promise<void> {
  t = await buildRagEmulator(options);
  const org = await readyOrg(t);
  const problem = expectProblem(await upload(t, org.key, file), 422, 'document_too_complex');
  expect(problem.detail).toMatch(detail);
  expect((await get(t, org.key, '/v1/rag/documents').expect(200)).body.documents).toEqual([]);
  expect(await t.emulator.part('metering').entries({ orgId: org.orgId })).toEqual([]);
}

describe('RAG upload content limits', () => {
  it('rag.maxTextBytes: extracted text over the limit (counted as it is produced)', async () => {
    await expectTooComplex(
      { rag: { maxTextBytes: 1000 } },
      { bytes: 'word '.repeat(400), name: 'a.txt' },
      /rag\.maxTextBytes = 1000/,
    );
  });

  it('rag.maxTextBytes: DOCX text over the limit', async () => {
    await expectTooComplex(
      { rag: { maxTextBytes: 1000 } },
      {
        bytes: buildDocx(Array.from({ length: 50 }, (_, i) => `paragraph ${i} of some length`)),
        name: 'a.docx',
      },
      /rag\.maxTextBytes = 1000/,
    );
  });

  it('rag.maxPdfPages: a PDF with more pages', async () => {
    await expectTooComplex(
      { rag: { maxPdfPages: 2 } },
      { bytes: buildPdf([['one'], ['two'], ['three']]), name: 'a.pdf' },
      /rag\.maxPdfPages = 2 \(it has 3 pages\)/,
    );
  });

  it('rag.maxPdfDecodedBytes: compressed streams decoding to more', async () => {
    await expectTooComplex(
      { rag: { maxPdfDecodedBytes: 100 } },
      { bytes: compressedPdf('BT /F1 12 Tf 72 720 Td (hello) Tj ET\n'.repeat(20)), name: 'a.pdf' },
      /rag\.maxPdfDecodedBytes = 100/,
    );
  });

  it('the task time budget: a document that takes longer to read', async () => {
    await expectTooComplex(
      { taskTimeoutMs: 1 },
      { bytes: buildPdf([['slow enough']]), name: 'a.pdf' },
      /task time budget of 1 ms/,
    );
  });

  it('within the limits the same documents are accepted', async () => {
    t = await buildRagEmulator({ rag: { maxPdfPages: 3, maxTextBytes: 4000 } });
    const org = await readyOrg(t);
    const a = await upload(t, org.key, { bytes: buildPdf([['one'], ['two'], ['three']]), name: 'a.pdf' });
    expect(a.status, a.text).toBe(202);
    const b = await upload(t, org.key, {
      bytes: compressedPdf('BT /F1 12 Tf 72 720 Td (hello) Tj ET\n'),
      name: 'b.pdf',
    });
    expect(b.status, b.text).toBe(202);
    expect((await upload(t, org.key, { bytes: 'word '.repeat(400), name: 'a.txt' })).status).toBe(202);
  });
});

/** A one-page PDF whose content stream is FlateDecode-compressed. */
function compressedPdf(ops: string): Uint8Array {
  return buildFlatePdf(deflateSync(Buffer.from(ops, 'latin1')));
}
