/** Helpers for the TTS tests: binary responses, decoding a clip back to its text, texts of a given size. */
import type { Response } from 'superagent';
import request from 'supertest';
import { decodeAudio } from '../../src/audio/index.js';
import type { Emulator } from '../../src/app/emulator.js';
import { decode, type DecodedUtterance } from '../../src/tts/voice/index.js';
import { bearer } from '../support/emulator.js';

export const VOICE = 'ar-SA-noura';
export const SHORT_TEXT = 'مرحبا بكم';

/** An Arabic text of exactly `n` code points. */
export function arabicText(n: number): string {
  const base = 'أهلا وسهلا بكم في خدمة العملاء، كيف يمكننا مساعدتك اليوم؟ ';
  let s = '';
  while ([...s].length < n) s += base;
  return [...s].slice(0, n).join('');
}

/** Collects the body as a Buffer whatever the content type. */
export function binaryParser(res: Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

let scopes = 0;
/** A fresh `X-Emulator-Scope` value: it tags one request's journal entry so a test can await it. */
export function newScope(): string {
  return `tts-test-${++scopes}`;
}

export function postTts(
  app: Emulator['app'],
  key: string,
  body: Record<string, unknown>,
  accept?: string,
  scope?: string,
) {
  const req = request(app).post('/v1/tts').set('Authorization', bearer(key)).buffer(true).parse(binaryParser);
  if (accept !== undefined) void req.set('Accept', accept);
  if (scope !== undefined) void req.set('X-Emulator-Scope', scope);
  return req.send(body);
}

/**
 * Resolves once the request tagged with `scope` is over on the server side. Usage is recorded when the
 * response was handed to the socket, which can be a moment after the client has read the last byte; the
 * journal entry is written after that, on the response's close.
 */
export async function settled(emulator: Emulator, scope: string): Promise<void> {
  if ((await emulator.part('journal').list({ scope })).length > 0) return;
  const entry = await emulator.part('journal').waitFor({ scope }, 10_000);
  if (!entry) throw new Error(`no journal entry for scope ${scope} within 10 s`);
}

/** Decodes a returned clip with the emulator's STT-side decoders: container → PCM → text and voice. */
export async function decodeClip(
  buf: Buffer,
): Promise<{ sampleRate: number; utterances: DecodedUtterance[]; format: string }> {
  const audio = await decodeAudio(buf);
  if (!audio.pcm) throw new Error('no PCM decoded');
  return {
    sampleRate: audio.sampleRate,
    utterances: decode(audio.pcm, audio.sampleRate),
    format: audio.format,
  };
}
