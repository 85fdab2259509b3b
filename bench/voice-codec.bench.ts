/**
 * Synthetic voice codec speed: synthesis and decoding (whole and streamed in 20 ms blocks), in multiples
 * of real time, median of several runs, for a 500-character text.
 * Run: npx tsx bench/voice-codec.bench.ts
 */
import { StreamingDecoder, decode, synthesize } from '../src/tts/voice/index.js';

const RUNS = 7;
const WORDS = [
  'مرحبا',
  'بكم',
  'في',
  'خدمة',
  'البحث',
  'الصوتي،',
  'كيف',
  'يمكنني',
  'مساعدتك',
  'اليوم؟',
  'Hello',
  '١٢٣',
];

function text500(): string {
  let out = '';
  for (let i = 0; out.length < 500; i++) out += `${WORDS[(i * 7) % WORDS.length]} `;
  return [...out].slice(0, 500).join('');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return (performance.now() - t0) / 1000;
}

const text = text500();
const rows: Array<Record<string, string>> = [];
for (const rate of [8000, 16000]) {
  for (const speed of [0.5, 1]) {
    const opts = { voiceIndex: 3, speed, sampleRate: rate };
    const pcm = synthesize(text, opts);
    const seconds = pcm.length / rate;
    if (decode(pcm, rate)[0]?.text !== text) throw new Error('round trip failed');
    const synth = median(Array.from({ length: RUNS }, () => time(() => synthesize(text, opts))));
    const dec = median(Array.from({ length: RUNS }, () => time(() => decode(pcm, rate))));
    const block = rate / 50;
    const stream = median(
      Array.from({ length: RUNS }, () =>
        time(() => {
          const d = new StreamingDecoder(rate);
          for (let i = 0; i < pcm.length; i += block) d.push(pcm.subarray(i, i + block));
          d.end();
        }),
      ),
    );
    rows.push({
      rate: `${rate} Hz`,
      speed: String(speed),
      audio: `${seconds.toFixed(1)} s`,
      synthesize: `${(seconds / synth).toFixed(0)}x (${(synth * 1000).toFixed(1)} ms)`,
      decode: `${(seconds / dec).toFixed(0)}x (${(dec * 1000).toFixed(1)} ms)`,
      'stream 20 ms': `${(seconds / stream).toFixed(0)}x (${(stream * 1000).toFixed(1)} ms)`,
    });
  }
}
console.log(`voice codec, ${[...text].length} characters, median of ${RUNS} runs (x real time)`);
console.table(rows);
