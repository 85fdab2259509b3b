/**
 * MP3 encoders on the same PCM (issue 11): lamejs (@breezystack/lamejs) against wasm LAME
 * (wasm-media-encoders), one 500-character utterance of the synthetic voice at each quality tier, both warm,
 * alternating runs in one process so machine load hits both alike. Median of 7 per encoder and tier.
 * Run: npx tsx bench/mp3-encoders.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { MP3_ENCODERS, QUALITY_TIERS, openMp3Encoder, type Mp3EncoderKind } from '../src/audio/encode.js';
import { synthesize } from '../src/tts/voice/index.js';

const base = 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ ';
const TEXT = [...base.repeat(10)].slice(0, 500).join('');
const RUNS = 7;

async function encode(
  kind: Mp3EncoderKind,
  pcm: Float32Array,
  rate: number,
  kbps: number,
): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const enc = await openMp3Encoder(kind, rate, kbps);
  const out: Buffer[] = [];
  enc.encodeRange(pcm, 0, pcm.length, out);
  out.push(enc.flush());
  return { ms: performance.now() - t0, bytes: out.reduce((n, b) => n + b.length, 0) };
}

console.log(
  `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
for (const [tier, { sampleRate, mp3Kbps }] of Object.entries(QUALITY_TIERS)) {
  const t0 = performance.now();
  const pcm = synthesize(TEXT, { voiceIndex: 0, speed: 1, sampleRate });
  const synthMs = performance.now() - t0;
  const times: Record<string, number[]> = { wasm: [], lamejs: [] };
  let bytes = 0;
  for (const kind of MP3_ENCODERS) await encode(kind, pcm, sampleRate, mp3Kbps); // warm-up
  for (let i = 0; i < RUNS; i++) {
    for (const kind of MP3_ENCODERS) {
      const r = await encode(kind, pcm, sampleRate, mp3Kbps);
      times[kind].push(r.ms);
      bytes = r.bytes;
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [w, l] = [median(times.wasm), median(times.lamejs)];
  console.log(
    `${tier} (${sampleRate} Hz, ${mp3Kbps} kbps, ${(pcm.length / sampleRate).toFixed(1)} s, ${(bytes / 1024).toFixed(0)} KiB): ` +
      `synthesis ${synthMs.toFixed(1)} ms; lamejs median ${l.toFixed(1)} ms, wasm median ${w.toFixed(1)} ms, ratio ${(l / w).toFixed(1)}×`,
  );
}
