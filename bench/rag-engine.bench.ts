/**
 * RAG engine benchmark: indexing throughput, query latency, memory, and the
 * retrieval quality gained by Arabic normalisation.
 *
 *   npx tsx --expose-gc bench/rag-engine.bench.ts        (CHUNKS=10000,100000 by default)
 *
 * The corpus is synthetic and deterministic (seeded): ~70 % Arabic, ~30 %
 * English documents, Zipf-distributed vocabulary of real words plus generated
 * ones, ~10 % of Arabic words carry harakat, clitic prefixes vary.
 */
import { Random } from '../src/core/random.js';
import { chunkText } from '../src/rag/engine/chunk.js';
import { SearchIndex } from '../src/rag/engine/search-index.js';

const AR_BASE = (
  'موظف إجازة سنوية سياسة شركة إدارة موارد بشرية راتب عقد عمل تدريب أمن معلومات كلمة مرور نظام طلب موافقة مدير قسم ميزانية ' +
  'سفر تذكرة فندق مصروفات تقرير مالي ربع سنة خطة مشروع عميل خدمة جودة مراجعة تدقيق مخاطر امتثال لائحة قانون وزارة تعليم مدرسة ' +
  'جامعة طالب معلم صحة مستشفى طبيب مريض تأمين وثيقة توقيع اجتماع محضر قرار لجنة مجلس رئيس نائب عضو مكتب مبنى صيانة شبكة حاسوب ' +
  'برنامج تطبيق بيانات قاعدة نسخ احتياطي استعادة حادث أمني بلاغ تحقيق عقوبة مكافأة ترقية تقييم أداء هدف مؤشر نتيجة تحليل دراسة'
).split(' ');
const EN_BASE = (
  'employee leave annual policy company management human resources salary contract work training security password system request ' +
  'approval manager department budget travel ticket hotel expenses report financial quarter plan project client service quality review ' +
  'audit risk compliance regulation law ministry education school university student teacher health hospital doctor patient insurance ' +
  'document signature meeting minutes decision committee board president office building maintenance network computer software data backup'
).split(' ');
const AR_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'.split('');
const HARAKAT = ['\u064E', '\u064F', '\u0650', '\u0652', '\u0651'];

class Zipf {
  private readonly cdf: Float64Array;
  constructor(readonly words: readonly string[]) {
    this.cdf = new Float64Array(words.length);
    let sum = 0;
    for (let i = 0; i < words.length; i++) this.cdf[i] = sum += 1 / (i + 1);
    for (let i = 0; i < words.length; i++) this.cdf[i] /= sum;
  }
  sample(rng: Random): string {
    const u = rng.next();
    let lo = 0;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo];
  }
}

function vocabulary(rng: Random): { ar: Zipf; en: Zipf } {
  const ar = [...AR_BASE];
  while (ar.length < 20_000)
    ar.push(Array.from({ length: 3 + rng.int(4) }, () => rng.pick(AR_LETTERS)).join(''));
  const syll = [
    'ka',
    'ro',
    'mi',
    'te',
    'sun',
    'lo',
    'ber',
    'an',
    'is',
    'ton',
    'vel',
    'dra',
    'qui',
    'po',
    'ex',
  ];
  const en = [...EN_BASE];
  while (en.length < 10_000) en.push(Array.from({ length: 2 + rng.int(3) }, () => rng.pick(syll)).join(''));
  return { ar: new Zipf(ar), en: new Zipf(en) };
}

function arabicSurface(word: string, rng: Random): string {
  let w = word;
  const r = rng.next();
  if (r < 0.25) w = 'ال' + w;
  else if (r < 0.32) w = 'وال' + w;
  else if (r < 0.37) w = 'بال' + w;
  if (rng.next() < 0.1) w = [...w].map((c) => c + rng.pick(HARAKAT)).join('');
  return w;
}

function documentText(rng: Random, vocab: { ar: Zipf; en: Zipf }, arabic: boolean, chars: number): string {
  const sentences: string[] = [];
  let length = 0;
  while (length < chars) {
    const n = 6 + rng.int(9);
    const words = Array.from({ length: n }, () =>
      arabic ? arabicSurface(vocab.ar.sample(rng), rng) : vocab.en.sample(rng),
    );
    const s = words.join(' ') + (arabic ? (rng.next() < 0.1 ? '؟' : '.') : '.');
    sentences.push(s);
    length += s.length + 1;
    if (rng.next() < 0.15) sentences.push('\n');
  }
  return sentences.join(' ').replace(/ \n /g, '\n\n');
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  // Posting lists are typed arrays whose backing stores live outside the JS heap.
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface BuiltIndex {
  index: SearchIndex;
  texts: string[];
}

function build(
  targetChunks: number,
  normalize: boolean,
  keepTexts: boolean,
): BuiltIndex & { seconds: number; chunkSeconds: number; mb: number } {
  const rng = new Random(`rag-bench-corpus`);
  const vocab = vocabulary(rng.fork('vocab'));
  const index = new SearchIndex({ normalize });
  const texts: string[] = [];
  let chunks = 0;
  let bytes = 0;
  let indexNs = 0n;
  let chunkNs = 0n;
  for (let d = 0; chunks < targetChunks; d++) {
    const arabic = rng.next() < 0.7;
    const text = documentText(rng, vocab, arabic, 5500 + rng.int(3000));
    let t = process.hrtime.bigint();
    const pieces = chunkText(text).slice(0, targetChunks - chunks);
    chunkNs += process.hrtime.bigint() - t;
    t = process.hrtime.bigint();
    index.addDocument({
      documentId: `doc-${String(d).padStart(6, '0')}`,
      title: pieces[0].text.split(/[.؟]/)[0].slice(0, 60),
      fileType: d % 3 === 0 ? 'pdf' : 'docx',
      language: arabic ? 'ar' : 'en',
      metadata: { dept: `d${d % 12}` },
      chunks: pieces.map((p) => ({ chunkId: `doc-${d}:${p.index}`, text: p.text })),
    });
    indexNs += process.hrtime.bigint() - t;
    for (const p of pieces) {
      bytes += Buffer.byteLength(p.text);
      if (keepTexts) texts.push(p.text);
    }
    chunks += pieces.length;
  }
  return {
    index,
    texts,
    seconds: Number(indexNs) / 1e9,
    chunkSeconds: Number(chunkNs) / 1e9,
    mb: bytes / 1024 / 1024,
  };
}

function queries(count: number): string[] {
  const rng = new Random('rag-bench-queries');
  const vocab = vocabulary(new Random('rag-bench-corpus').fork('vocab'));
  return Array.from({ length: count }, () => {
    const arabic = rng.next() < 0.7;
    const n = 1 + rng.int(4);
    return Array.from({ length: n }, () =>
      arabic ? arabicSurface(vocab.ar.sample(rng), rng) : vocab.en.sample(rng),
    ).join(' ');
  });
}

function latency(index: SearchIndex, qs: string[]): { p50: number; p99: number; max: number } {
  for (const q of qs.slice(0, 50)) index.search({ query: q, topK: 10 }); // warm-up
  const times: number[] = [];
  for (const q of qs) {
    const t = process.hrtime.bigint();
    index.search({ query: q, topK: 10 });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] };
}

/** Turns the words of a passage into spelling variants a user might type. */
function variantQuery(text: string, rng: Random): string {
  const words = text.match(/[\u0621-\u0652]{3,}/g) ?? [];
  const picked = Array.from({ length: Math.min(3, words.length) }, () => rng.pick(words));
  return picked
    .map((w) => {
      let v = w.replace(/[\u064B-\u0652]/g, '');
      const r = rng.next();
      if (r < 0.35) v = v.startsWith('ال') ? v.slice(2) : 'ال' + v;
      else if (r < 0.55) v = 'و' + v;
      if (rng.next() < 0.5) v = [...v].map((c) => c + rng.pick(HARAKAT)).join('');
      if (rng.next() < 0.3) v = v.replace(/^ا/, 'أ').replace(/ه$/, 'ة');
      return v;
    })
    .join(' ');
}

function quality(chunks: number): void {
  const on = build(chunks, true, true);
  const off = build(chunks, false, false);
  const rng = new Random('rag-bench-quality');
  const arabicChunks = on.texts.map((t, i) => ({ t, i })).filter(({ t }) => /[\u0621-\u064A]/.test(t));
  const stats = { on: { hit: 0, rr: 0 }, off: { hit: 0, rr: 0 } };
  const trials = 300;
  for (let n = 0; n < trials; n++) {
    const target = rng.pick(arabicChunks);
    const q = variantQuery(target.t, rng);
    for (const [name, idx] of [
      ['on', on.index],
      ['off', off.index],
    ] as const) {
      const hits = idx.search({ query: q, topK: 10 });
      const rank = hits.findIndex((h) => h.text === target.t);
      if (rank >= 0) {
        stats[name].hit++;
        stats[name].rr += 1 / (rank + 1);
      }
    }
  }
  const fmt = (s: { hit: number; rr: number }) =>
    `recall@10 ${((100 * s.hit) / trials).toFixed(1)} %, MRR ${(s.rr / trials).toFixed(3)}`;
  console.log(
    `quality (${chunks} chunks, ${trials} Arabic variant queries: harakat, alef/teh forms, prefixes)`,
  );
  console.log(`  normalize on : ${fmt(stats.on)}`);
  console.log(`  normalize off: ${fmt(stats.off)}`);
}

function main(): void {
  const sizes = (process.env.CHUNKS ?? '10000,100000').split(',').map(Number);
  const qs = queries(500);
  if (!('gc' in globalThis)) console.log('(run with --expose-gc for stable heap figures)');
  console.log(`node ${process.version}, ${qs.length} queries of 1-4 words, topK 10`);
  for (const size of sizes) {
    const before = heapMb();
    const built = build(size, true, false);
    const after = heapMb();
    const lat = latency(built.index, qs);
    const s = built.index.stats();
    console.log(
      [
        `${size} chunks (${s.documents} docs, ${built.mb.toFixed(1)} MB UTF-8 text):`,
        `  indexing ${(built.mb / built.seconds).toFixed(2)} MB/s (${built.seconds.toFixed(2)} s; chunking ${(built.mb / built.chunkSeconds).toFixed(1)} MB/s extra)`,
        `  search p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms, max ${lat.max.toFixed(2)} ms`,
        `  heapUsed+arrayBuffers delta ${(after - before).toFixed(0)} MB (${(((after - before) * 100_000) / size).toFixed(0)} MB per 100k chunks, text included); stats() estimate ${(s.approximateBytes / 1024 / 1024).toFixed(0)} MB`,
      ].join('\n'),
    );
  }
  quality(Number(process.env.QUALITY_CHUNKS ?? 10_000));
}

main();
