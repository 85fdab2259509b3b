/**
 * The realtime STT client of the load benchmarks: N WebSocket streams of 16 kHz PCM of the synthetic voice, in
 * 20 ms frames at real-time pace (one pacing loop for all), then close_stream, awaiting `completed`.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { float32ToS16le } from '../src/audio/index.js';
import { synthesize } from '../src/tts/voice/index.js';

export const RATE = 16000;
const SENTENCES = ['مرحبا بكم في خدمة العملاء', 'كيف يمكنني مساعدتك اليوم؟', 'شكرا لاتصالك بنا، مع السلامة'];

/** `seconds` of the synthetic voice: the sentences in turn with 0.4 s pauses, four voices in turn. */
export function voiceAudio(seconds: number, rate = RATE, sentences = SENTENCES): Float32Array {
  const out = new Float32Array(seconds * rate);
  let at = 0;
  for (let i = 0; at < out.length; i++) {
    const u = synthesize(sentences[i % sentences.length], { voiceIndex: i % 4, speed: 1, sampleRate: rate });
    out.set(u.subarray(0, Math.min(u.length, out.length - at)), at);
    at += u.length + Math.round(0.4 * rate);
  }
  return out;
}

/** The same at 16 kHz as 16-bit PCM, as a realtime stream sends it. */
export function voicePcm(seconds: number): Buffer {
  return float32ToS16le(voiceAudio(seconds));
}

export interface RealtimeResult {
  opened: number;
  completed: number;
  errors: string[];
  /** close_stream → `completed`, per stream. */
  toCompleted: number[];
  /** Per final: its arrival against the moment the audio up to its `duration_so_far` had been sent. */
  finalLag: number[];
}

/**
 * Runs `sockets` streams of `audio` against `baseUrl` (…/v1). With `stagger`, stream i starts i/N of the way
 * through the audio (wrapping round), so the streams' utterances end at different moments.
 */
export async function runRealtime(opts: {
  baseUrl: string;
  key: string;
  sockets: number;
  audio: Buffer;
  stagger?: boolean;
}): Promise<RealtimeResult> {
  const { audio, sockets: count } = opts;
  const frame = (RATE / 50) * 2;
  const frames = Math.ceil(audio.length / frame);
  const url = opts.baseUrl.replace('http', 'ws') + '/stt/realtime';
  const result: RealtimeResult = { opened: 0, completed: 0, errors: [], toCompleted: [], finalLag: [] };
  const sockets: WebSocket[] = [];
  // Open in batches so the accept backlog is not the thing being measured.
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${opts.key}` } });
        ws.on('error', (err) => result.errors.push(`socket error: ${err.message}`));
        await once(ws, 'open');
        result.opened++;
        ws.send(
          JSON.stringify({ type: 'start', encoding: 'pcm_s16le', sample_rate: RATE, interim_results: false }),
        );
        return ws;
      }),
    );
    sockets.push(...batch);
  }
  const t0 = performance.now() + 50;
  let closeSentAt = 0;
  const done = sockets.map(
    (ws) =>
      new Promise<void>((resolve) => {
        ws.on('message', (data: Buffer, isBinary: boolean) => {
          if (isBinary) return;
          const f = JSON.parse(data.toString()) as { type: string; duration_so_far?: number; code?: string };
          if (f.type === 'final' && f.duration_so_far !== undefined)
            result.finalLag.push(performance.now() - (t0 + f.duration_so_far * 1000));
          if (f.type === 'completed') {
            result.completed++;
            result.toCompleted.push(performance.now() - closeSentAt);
          }
          if (f.type === 'error') result.errors.push(`error frame ${f.code ?? '?'}`);
        });
        ws.once('close', (code: number) => {
          if (code !== 1000) result.errors.push(`closed ${code}`);
          resolve();
        });
      }),
  );
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const due = Math.min(frames, Math.floor((performance.now() - t0) / 20) + 1);
      for (; sent < due; sent++) {
        for (let i = 0; i < sockets.length; i++) {
          const at = opts.stagger ? (sent + Math.floor((i * frames) / sockets.length)) % frames : sent;
          sockets[i].send(audio.subarray(at * frame, (at + 1) * frame));
        }
      }
      if (sent >= frames) return resolve();
      setTimeout(tick, Math.max(0, t0 + sent * 20 - performance.now()));
    };
    setTimeout(tick, 50);
  });
  closeSentAt = performance.now();
  for (const ws of sockets) ws.send(JSON.stringify({ action: 'close_stream' }));
  const timeout = setTimeout(() => sockets.forEach((ws) => ws.terminate()), 120_000);
  await Promise.all(done);
  clearTimeout(timeout);
  return result;
}
