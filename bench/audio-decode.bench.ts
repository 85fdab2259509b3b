/**
 * Audio codec throughput: `npx tsx bench/audio-decode.bench.ts`.
 * Decode × real time for a 10-minute 16 kHz mono WAV and MP3 (median of 5), MP3 encode × real time,
 * first-bytes latency after warm-up, and the longest event-loop gap while a 70 s utterance encodes.
 */
import { performance } from 'node:perf_hooks';
import {
  QUALITY_TIERS,
  Mp3StreamEncoder,
  decodeAudio,
  encodeMp3,
  encodeWav,
  warmUpMp3Encoder,
} from '../src/audio/index.js';

const RATE = 16000;

function chirp(rate: number, seconds: number): Float32Array {
  const pcm = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < pcm.length; i++) {
    const t = i / rate;
    // A sweep repeating every 10 s keeps the encoder busy with changing spectra.
    const u = t % 10;
    pcm[i] = 0.4 * Math.sin(2 * Math.PI * (300 * u + 135 * u * u));
  }
  return pcm;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const fmt = (x: number): string => x.toFixed(x >= 100 ? 0 : 1);

async function main(): Promise<void> {
  const warm = warmUpMp3Encoder();
  console.log(`warm-up of the MP3 encoder: ${fmt(warm)} ms`);

  const first = performance.now();
  const enc = new Mp3StreamEncoder(QUALITY_TIERS.standard.sampleRate, QUALITY_TIERS.standard.mp3Kbps);
  let firstBytes = 0;
  const probe = chirp(QUALITY_TIERS.standard.sampleRate, 0.5);
  for (let i = 0; firstBytes === 0 && i < probe.length; i += 1152)
    firstBytes = enc.encode(probe.subarray(i, i + 1152)).length;
  console.log(`first MP3 bytes after warm-up: ${fmt(performance.now() - first)} ms`);

  // MP3 encode speed per tier, 60 s of audio, median of 3.
  for (const [name, tier] of Object.entries(QUALITY_TIERS)) {
    const pcm = chirp(tier.sampleRate, 60);
    const ms = await timeIt(3, () => encodeMp3(pcm, tier.sampleRate, tier.mp3Kbps));
    console.log(
      `MP3 encode ${name} (${tier.sampleRate} Hz, ${tier.mp3Kbps} kbps): ${fmt(60_000 / ms)}x real time`,
    );
  }

  // Event-loop gap while a 70 s utterance encodes at the heaviest tier.
  {
    const { sampleRate, mp3Kbps } = QUALITY_TIERS.high;
    const pcm = chirp(sampleRate, 70);
    let last = performance.now();
    let maxGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 2);
    const t0 = performance.now();
    await encodeMp3(pcm, sampleRate, mp3Kbps);
    const el = performance.now() - t0;
    clearInterval(timer);
    console.log(`70 s utterance (high): encoded in ${fmt(el)} ms, longest event-loop gap ${fmt(maxGap)} ms`);
  }

  // 10-minute 16 kHz mono: WAV and MP3 decode, median of 5.
  const seconds = 600;
  const minute = chirp(RATE, 60);
  const wav = encodeWav(chirp(RATE, seconds), RATE);
  const mp3Minute = await encodeMp3(minute, RATE, QUALITY_TIERS.fast.mp3Kbps);
  // CBR frames without a header concatenate into one valid stream.
  const mp3 = Buffer.concat(Array.from({ length: seconds / 60 }, () => mp3Minute));
  await decodeAudio(mp3Minute); // instantiate the wasm decoder once
  const wavMs = await timeIt(5, () => decodeAudio(wav));
  const mp3Ms = await timeIt(5, () => decodeAudio(mp3));
  const mp3Decoded = await decodeAudio(mp3);
  console.log(
    `decode 10 min 16 kHz mono WAV (${(wav.length / 1e6).toFixed(1)} MB): ${fmt(wavMs)} ms, ${fmt((seconds * 1000) / wavMs)}x real time`,
  );
  console.log(
    `decode 10 min 16 kHz mono MP3 (${(mp3.length / 1e6).toFixed(1)} MB, ${fmt(mp3Decoded.durationSeconds)} s): ` +
      `${fmt(mp3Ms)} ms, ${fmt((seconds * 1000) / mp3Ms)}x real time`,
  );
}

await main();
