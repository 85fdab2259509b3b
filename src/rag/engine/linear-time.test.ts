/**
 * Every text path of the RAG engine runs in linear time on hostile user text (issue 11): 512 KiB inputs of
 * the shapes that make backtracking regular expressions quadratic or worse, then four times that; each
 * doubling may cost at most 2.5× the time (best of several runs, so a busy machine adds no false alarm).
 */
import { describe, expect, it } from 'vitest';
import { rewriteQuery } from '../rewrite.js';
import { analyze } from './analyze.js';
import { composeAnswer } from './answer.js';
import { chunkText } from './chunk.js';
import { detectDocumentType } from './detect.js';
import { csvToText, htmlToText, jsonToText } from './extract.js';
import { detectLanguage } from './language.js';
import { markdownToText } from './markdown.js';
import { normalizeArabic, tokenize } from './normalize.js';
import { tidy } from './scanning.js';
import { SearchIndex } from './search-index.js';
import { splitSentences } from './sentences.js';

const MiB = 1024 * 1024;
/**
 * Inputs grow 4× (512 KiB → 2 MiB) and may cost at most 2.5× per doubling, 6.25× in all: quadratic paths grow
 * 16× and take seconds at 2 MiB. Over two doublings a single GC pause weighs less than over one (linear paths
 * that allocate per line measured up to 3.0× for one doubling of 1 MiB on a busy machine).
 */
const GROWTH = 4;
const BOUND = 2.5 * 2.5;

/** Hostile shapes: `make(n)` returns about n characters. */
const INPUTS: Record<string, (n: number) => string> = {
  'blank lines': (n) => `# title\n${'\n'.repeat(n - 16)}end\n`,
  'blank lines with spaces': (n) => `a${' \n'.repeat(n / 2 - 1)}b`,
  spaces: (n) => `a${' '.repeat(n - 2)}b`,
  tabs: (n) => `a${'\t'.repeat(n - 2)}b`,
  punctuation: (n) => '.,;:!?-*_|#>'.repeat(n / 12),
  'unclosed markup': (n) => '<div [a](b ![c]( **x __y `z <!-- "q “r «s '.repeat(n / 43),
  'unclosed brackets': (n) => '['.repeat(n),
  'unclosed tags': (n) => '<a '.repeat(n / 3),
  'list markers': (n) => '- \n1. \n* '.repeat(n / 10),
  'table rules': (n) => `|${' '.repeat(n / 2)}---${' '.repeat(n / 2 - 4)}`,
  'Arabic diacritics': (n) => `بِسْمِ ${'\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652'.repeat(n / 8 - 1)}`,
  'a very long word': (n) => 'w'.repeat(n),
  'many short lines': (n) => 'ab\n'.repeat(n / 3),
};

/** csv-parse is a library that costs about 1 µs a byte: the shapes that matter to a CSV reader only. */
const CSV_INPUTS = new Set(['blank lines', 'spaces', 'unclosed markup', 'a very long word']);

const utf8 = (s: string) => new TextEncoder().encode(s);
const hits = (text: string) => [{ documentId: 'd1', chunkId: 'd1:0', score: 1, text }];

/** Every path user text takes through the engine (extraction, tidy, chunking, indexing, answers, queries). */
const PATHS: Record<string, (text: string) => unknown> = {
  'type detection': (t) => detectDocumentType(utf8(t), 'upload.txt'),
  'markdown to text': (t) => markdownToText(t),
  'html to text': (t) => htmlToText(t),
  'csv to text': (t) => csvToText(t.replaceAll('"', ''), 64 * MiB),
  'json to text': (t) => jsonToText(JSON.stringify({ k: t, list: [t.slice(0, 1000)] }), 64 * MiB),
  tidy: (t) => tidy(t),
  chunking: (t) => chunkText(tidy(t)),
  tokenising: (t) => tokenize(t, { normalize: true }),
  'Arabic normalisation': (t) => normalizeArabic(t),
  language: (t) => detectLanguage(t),
  sentences: (t) => splitSentences(t),
  answer: (t) => composeAnswer(t.slice(0, 4096), hits(t), { language: 'en' }),
  analyze: (t) => analyze(t.slice(0, 4096), hits(t), { language: 'en' }),
  'query rewrite': (t) => rewriteQuery(t, t),
  search: (t) => {
    const index = new SearchIndex();
    index.addDocument({
      documentId: 'd1',
      title: t.slice(0, 200),
      fileType: 'text',
      metadata: {},
      chunks: [{ chunkId: 'd1:0', text: t }],
    });
    return index.search({ query: t, topK: 5 });
  },
};

/** Best time of up to `runs` runs; stops as soon as one is at or under `enough` ms. */
function bestMs(fn: () => unknown, runs: number, enough = 0): number {
  let best = Infinity;
  for (let i = 0; i < runs && best > enough; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('linear-time text processing on hostile input', () => {
  for (const [pathName, run] of Object.entries(PATHS)) {
    it(`${pathName}: each doubling of a hostile input (512 KiB → 2 MiB) costs at most 2.5× the time`, () => {
      const slow: string[] = [];
      for (const [inputName, make] of Object.entries(INPUTS)) {
        if (pathName === 'csv to text' && !CSV_INPUTS.has(inputName)) continue;
        const small = make(MiB / 2);
        const large = make((MiB / 2) * GROWTH);
        // The first run also warms the JIT; the best run counts. Other sessions share the cores, and noise only
        // ever slows a run down: a pair over the bound is measured again (up to three times) before it counts.
        let verdict = '';
        for (let attempt = 0; attempt < 3; attempt++) {
          // Interleaved, so a burst of load on the machine slows both sizes alike.
          let t1 = Infinity;
          let t2 = Infinity;
          for (let round = 0; round < 3 && t2 > BOUND * t1; round++) {
            t1 = Math.min(
              t1,
              bestMs(() => run(small), 1),
            );
            t2 = Math.min(
              t2,
              bestMs(() => run(large), 1),
            );
          }
          // Under 50 ms a GC pause or a lost time slice dominates, and such a path is fast whatever its growth
          // (anything quadratic on 2 MiB takes seconds at the very least).
          verdict =
            t2 > 50 && t2 / t1 > BOUND ? `${inputName}: ${t1.toFixed(1)} ms → ${t2.toFixed(1)} ms` : '';
          if (verdict === '') break;
        }
        if (verdict !== '') slow.push(verdict);
      }
      expect(slow).toEqual([]);
    }, 300_000);
  }
});
