/**
 * RAG search quality on the labelled demo queries (fixtures/rag/queries.json) over the demo corpus,
 * indexed exactly as the emulator indexes it at boot (same extraction, chunking and titles).
 *
 *   npx tsx bench/rag-quality.bench.ts
 *
 * Metrics over documents (a document's rank is the rank of its best chunk):
 * - recall@10: share of a query's relevant documents found in the top 10, averaged over queries.
 * - nDCG@10: graded gain 2 for `highly_relevant` (all of `relevant` when absent), 1 for other relevant.
 * - MRR: reciprocal rank of the first relevant document.
 * Run with Arabic normalisation (the emulator's setting) and without (raw lowercase tokens), plus the
 * emulator's `enable_rewrite_search_query` expansion on top of normalisation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCorpus, RAG_FIXTURES_DIR } from '../src/rag/corpus.js';
import { SearchIndex } from '../src/rag/engine/index.js';
import { rewriteQuery } from '../src/rag/rewrite.js';
import { chunkId, documentLimits } from '../src/rag/service.js';
import { DEFAULT_CONFIG } from '../src/app/config.js';

interface LabelledQuery {
  id: string;
  query: string;
  relevant: string[];
  highly_relevant?: string[];
  phenomena: string[];
}

const K = 10;

function rankedDocuments(index: SearchIndex, query: string): string[] {
  const seen = new Set<string>();
  for (const hit of index.search({ query, topK: 100 })) seen.add(hit.documentId);
  return [...seen].slice(0, K);
}

function scores(ranked: string[], q: LabelledQuery): { recall: number; ndcg: number; rr: number } {
  const high = new Set(q.highly_relevant ?? q.relevant);
  const gain = (d: string) => (high.has(d) ? 2 : q.relevant.includes(d) ? 1 : 0);
  const dcg = ranked.reduce((s, d, i) => s + (2 ** gain(d) - 1) / Math.log2(i + 2), 0);
  const ideal = [...q.relevant].sort((a, b) => gain(b) - gain(a)).slice(0, K);
  const idcg = ideal.reduce((s, d, i) => s + (2 ** gain(d) - 1) / Math.log2(i + 2), 0);
  const first = ranked.findIndex((d) => q.relevant.includes(d));
  return {
    recall: ranked.filter((d) => q.relevant.includes(d)).length / q.relevant.length,
    ndcg: idcg === 0 ? 0 : dcg / idcg,
    rr: first === -1 ? 0 : 1 / (first + 1),
  };
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const corpus = await loadCorpus(undefined, documentLimits(DEFAULT_CONFIG.rag));
  const loadMs = performance.now() - t0;
  const queries = (
    JSON.parse(readFileSync(join(RAG_FIXTURES_DIR, 'queries.json'), 'utf8')) as { queries: LabelledQuery[] }
  ).queries;
  const build = (normalize: boolean) => {
    const index = new SearchIndex({ normalize });
    for (const d of corpus) {
      index.addDocument({
        documentId: d.id,
        title: d.title,
        fileType: d.fileType,
        language: d.language,
        metadata: d.metadata,
        chunks: d.prepared.chunks.map((c) => ({ chunkId: chunkId(d.id, c.index), text: c.text })),
      });
    }
    return index;
  };
  const t1 = performance.now();
  const normalized = build(true);
  const indexMs = performance.now() - t1;
  const raw = build(false);
  const chunks = corpus.reduce((n, d) => n + d.prepared.chunks.length, 0);
  console.log(
    `node ${process.version}; corpus ${corpus.length} documents, ${chunks} chunks; ${queries.length} labelled queries`,
  );
  console.log(`corpus read+extract+chunk ${loadMs.toFixed(0)} ms, index ${indexMs.toFixed(0)} ms`);

  const runs: [string, SearchIndex, (q: string) => string][] = [
    ['normalisation on (emulator)', normalized, (q) => q],
    ['normalisation off', raw, (q) => q],
    ['normalisation on + rewrite', normalized, (q) => rewriteQuery(q, undefined).query],
  ];
  const slices: [string, (q: LabelledQuery) => boolean][] = [
    ['all', () => true],
    ['normalisation_required', (q) => q.phenomena.includes('normalisation_required')],
  ];
  for (const [name, index, rewrite] of runs) {
    for (const [slice, keep] of slices) {
      const qs = queries.filter(keep);
      const sum = { recall: 0, ndcg: 0, rr: 0 };
      for (const q of qs) {
        const s = scores(rankedDocuments(index, rewrite(q.query)), q);
        sum.recall += s.recall;
        sum.ndcg += s.ndcg;
        sum.rr += s.rr;
      }
      const n = qs.length;
      console.log(
        `${name.padEnd(28)} ${slice.padEnd(23)} (${String(n).padStart(2)} q): recall@10 ${(sum.recall / n).toFixed(3)}  nDCG@10 ${(sum.ndcg / n).toFixed(3)}  MRR ${(sum.rr / n).toFixed(3)}`,
      );
    }
  }
}

await main();
