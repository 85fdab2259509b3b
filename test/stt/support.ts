/** Helpers for the STT tests: speech from the emulator's own voice, uploads, realtime sessions. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type WebSocket from 'ws';
import { encodeMp3, encodeWav, float32ToS16le, resample } from '../../src/audio/index.js';
import type { Emulator } from '../../src/app/emulator.js';
import { synthesize } from '../../src/tts/voice/index.js';
import { bearer } from '../support/emulator.js';
import { closed } from '../support/ws.js';

export const VOICES = { noura: 0, fahad: 1 } as const;
export const TEXT_AR = 'مرحبا بكم في خدمة العملاء، كيف يمكنني مساعدتك اليوم؟';
export const TEXT_EN = 'The quick brown fox jumps over the lazy dog';

/** The emulator's own voice, as mono Float32 at `sampleRate`, with silence around it. */
export function speech(
  text: string,
  sampleRate = 16000,
  voiceIndex = 0,
  padSeconds = 0.25,
  speed = 1,
): Float32Array {
  const voice = synthesize(text, { voiceIndex, speed, sampleRate });
  const pad = Math.round(padSeconds * sampleRate);
  const out = new Float32Array(voice.length + 2 * pad);
  out.set(voice, pad);
  return out;
}

export function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Deterministic white noise (xorshift), amplitude 0.3. */
export function noise(seconds: number, sampleRate = 16000, seed = 1): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  let x = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = ((x >>> 0) / 4294967296 - 0.5) * 0.6;
  }
  return out;
}

export function tone(seconds: number, hz: number, sampleRate = 16000): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = 0.3 * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return out;
}

export const wav = (pcm: Float32Array, sampleRate = 16000): Buffer => encodeWav(pcm, sampleRate);
export const mp3 = (pcm: Float32Array, sampleRate = 16000, kbps = 64): Promise<Buffer> =>
  encodeMp3(pcm, sampleRate, kbps);
export { float32ToS16le, resample };

export interface TranscribeOptions {
  fileName?: string;
  fields?: Record<string, string>;
}

export function transcribe(app: Emulator['app'], key: string, file: Buffer, opts: TranscribeOptions = {}) {
  let req = request(app).post('/v1/stt/transcriptions').set('Authorization', bearer(key));
  for (const [k, v] of Object.entries(opts.fields ?? {})) req = req.field(k, v);
  return req.attach('file', file, {
    filename: opts.fileName ?? 'audio.bin',
    contentType: 'application/octet-stream',
  });
}

export const hasFfmpeg =
  spawnSync('ffprobe', ['-version']).status === 0 && spawnSync('ffmpeg', ['-version']).status === 0;

/** Duration in seconds as ffprobe reads it. */
export function ffprobeDuration(file: Buffer, ext: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'stt-'));
  try {
    const path = join(dir, `in.${ext}`);
    writeFileSync(path, file);
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      path,
    ]).toString();
    return Number(out.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs ffmpeg on `file` (input extension `ext`) and returns the output file's bytes. */
export function ffmpeg(file: Buffer, ext: string, outExt: string, args: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'stt-'));
  try {
    const input = join(dir, `in.${ext}`);
    const output = join(dir, `out.${outExt}`);
    writeFileSync(input, file);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', input, ...args, output]);
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type ServerFrame = Record<string, any> & { type: string };

/** Collects every JSON frame of a realtime session until the server closes it. */
export function session(ws: WebSocket): {
  frames: ServerFrame[];
  done: Promise<{ code: number; reason: string; frames: ServerFrame[] }>;
  next(type: string): Promise<ServerFrame>;
} {
  const frames: ServerFrame[] = [];
  const waiters: { type: string; resolve: (f: ServerFrame) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as ServerFrame;
    frames.push(frame);
    for (const w of waiters.filter((x) => x.type === frame.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    }
  });
  const done = closed(ws).then((c) => ({ ...c, frames }));
  return {
    frames,
    done,
    next: (type) => new Promise((resolve) => waiters.push({ type, resolve })),
  };
}

/** Sends PCM as 20 ms binary frames of s16le. */
export function sendPcm(ws: WebSocket, pcm: Float32Array, sampleRate: number, frameMs = 20): void {
  const bytes = float32ToS16le(pcm);
  const step = ((sampleRate * frameMs) / 1000) * 2;
  for (let off = 0; off < bytes.length; off += step) ws.send(bytes.subarray(off, off + step));
}

export function wsUrl(port: number): string {
  return `ws://127.0.0.1:${port}/v1/stt/realtime`;
}

/**
 * An MP3 of `bytes` (rounded down to whole frames) made of one valid MPEG frame header repeated, each
 * followed by a zero body: a valid, silent stream. Layer III with a zero side information holds no audio
 * data, so any frame length works; the duration is frames × samples per frame.
 */
export function silentMp3(header: readonly number[], frameLength: number, bytes: number): Buffer {
  const frames = Math.floor(bytes / frameLength);
  const out = Buffer.alloc(frames * frameLength);
  for (let i = 0; i < frames; i++) out.set(header, i * frameLength);
  return out;
}

/** The smallest MPEG audio frame: MPEG-2 Layer III, 8 kbps, 24 kHz, mono: 24 bytes for 24 ms of audio. */
export const TINY_FRAME = { header: [0xff, 0xf3, 0x14, 0xc0], length: 24, seconds: 0.024 } as const;
/** An ordinary frame: MPEG-2 Layer III, 64 kbps, 16 kHz, mono: 288 bytes for 36 ms of audio. */
export const SPEECH_FRAME = { header: [0xff, 0xf3, 0x88, 0xc0], length: 288, seconds: 0.036 } as const;
