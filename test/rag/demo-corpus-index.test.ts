/**
 * The demo corpus index built at `npm run build` (issue 15): it holds exactly what extraction gives, and it
 * is used only for the input it was built from, so a changed document or other content limits extract again.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/app/config.js';
import { readCorpus, RAG_FIXTURES_DIR } from '../../src/rag/corpus.js';
import { DEMO_CORPUS_INDEX, readCorpusIndex, writeCorpusIndex } from '../../src/rag/corpus-index.js';
import { documentLimits } from '../../src/rag/service.js';

const limits = documentLimits(resolveConfig({}).rag);
const work = mkdtempSync(join(tmpdir(), 'corpus-index-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the demo corpus index', () => {
  it('built by npm run build (test/support/global-setup.ts) equals extracting fixtures/rag now', async () => {
    const prebuilt = await readCorpusIndex(RAG_FIXTURES_DIR, limits, DEMO_CORPUS_INDEX);
    expect(prebuilt).toBeDefined();
    // Chunks, languages and term counts (typed arrays, as the extraction task returns them).
    expect(prebuilt).toEqual(await readCorpus(RAG_FIXTURES_DIR, limits));
    expect(prebuilt![0].prepared.chunks[0].termIds).toBeInstanceOf(Uint32Array);
  });

  it('is ignored with other limits, when the manifest changed, or when a document changed', async () => {
    const dir = join(work, 'rag');
    const file = join(work, 'index.json');
    const fresh = async () => {
      rmSync(dir, { recursive: true, force: true });
      cpSync(RAG_FIXTURES_DIR, dir, { recursive: true });
      await writeCorpusIndex(dir, limits, await readCorpus(dir, limits), file);
    };
    await fresh();
    const manifest = JSON.parse(readFileSync(join(dir, 'corpus.json'), 'utf8')) as {
      documents: { title: string }[];
    };
    expect(await readCorpusIndex(dir, limits, file)).toHaveLength(manifest.documents.length);

    expect(await readCorpusIndex(dir, { ...limits, maxTextBytes: 1024 }, file)).toBeUndefined();

    manifest.documents[0].title = 'Another title';
    writeFileSync(join(dir, 'corpus.json'), JSON.stringify(manifest));
    expect(await readCorpusIndex(dir, limits, file)).toBeUndefined();

    await fresh();
    writeFileSync(
      join(dir, 'corpus', 'faq-billing.md'),
      '# Billing\n\nInvoices are sent on the first day of the month.\n',
    );
    expect(await readCorpusIndex(dir, limits, file)).toBeUndefined();
  });

  it('is ignored when the file is missing or not JSON', async () => {
    expect(await readCorpusIndex(RAG_FIXTURES_DIR, limits, join(work, 'missing.json'))).toBeUndefined();
    const broken = join(work, 'broken.json');
    writeFileSync(broken, '{"fingerprint": ');
    expect(await readCorpusIndex(RAG_FIXTURES_DIR, limits, broken)).toBeUndefined();
  });
});
