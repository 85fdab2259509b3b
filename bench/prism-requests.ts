/**
 * The requests of the side-by-side benchmark (prism-compare.bench.ts), as each server gets them, and the server
 * they go to.
 */
import type { ChildProcess } from 'node:child_process';

export const BODY = JSON.stringify({ query: 'annual leave policy', mode: 'retrieve', top_k: 5 });

/** A server under test: its process, where it listens, the key it is sent, and how long it took to start. */
export interface Server {
  name: string;
  child: ChildProcess;
  origin: string;
  key: string;
  startMs: number;
  healthMs?: number;
}

/** A request as each server gets it; `vary` changes the body per request (the emulator's uncached path). */
export interface BenchRequest {
  name: string;
  label: string;
  path: string;
  status: number;
  body: string;
  headers: (server: Server) => Record<string, string>;
  vary?: boolean;
  /** Prism answers this one as it answers `sameAs` (same request to it): measured once. */
  sameAs?: string;
}

const json = (server: Server) => ({
  Authorization: `Bearer ${server.key}`,
  'Content-Type': 'application/json',
});
export const TTS_TEXT = 'مرحبا بكم في خدمة الاختبار';

export const REQUESTS: BenchRequest[] = [
  {
    name: 'search',
    label: 'POST /v1/rag/search (retrieve, top_k 5)',
    path: '/v1/rag/search',
    status: 200,
    body: BODY,
    headers: json,
  },
  {
    name: 'ws-token',
    label: 'POST /v1/auth/ws-token',
    path: '/v1/auth/ws-token',
    status: 201,
    body: JSON.stringify({ scopes: ['tts:speak'] }),
    headers: json,
  },
  {
    name: '401',
    label: '401 on POST /v1/rag/search',
    path: '/v1/rag/search',
    status: 401,
    body: BODY,
    // The emulator: a well-formed key whose checksum is wrong. Prism: no Authorization header.
    headers: (s) =>
      s.name === 'prism'
        ? { 'Content-Type': 'application/json' }
        : { ...json(s), Authorization: `Bearer ${badChecksum(s.key)}` },
  },
  {
    name: 'tts',
    label: `POST /v1/tts WAV, same ${[...TTS_TEXT].length}-character text`,
    path: '/v1/tts',
    status: 200,
    body: JSON.stringify({ text: TTS_TEXT, voice: 'ar-SA-noura' }),
    headers: (s) => ({ ...json(s), Accept: 'audio/wav' }),
  },
  {
    name: 'tts-varied',
    label: 'POST /v1/tts WAV, text varied per request',
    path: '/v1/tts',
    status: 200,
    body: JSON.stringify({ text: TTS_TEXT, voice: 'ar-SA-noura' }),
    headers: (s) => ({ ...json(s), Accept: 'audio/wav' }),
    vary: true,
    sameAs: 'tts',
  },
];

/** The key with its last character changed: well-formed, but its checksum no longer matches. */
function badChecksum(key: string): string {
  return key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
}
