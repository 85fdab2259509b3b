/**
 * Comparing two answers to the same request by shape, not by value: ids, texts and scores may differ
 * between the real gateway and the emulator, but the status, the problem `code`, the fields and their
 * types, the content type, the RateLimit headers, the audio format and length, and the order of
 * WebSocket frame types must not.
 */
import { decodeAudio } from '../audio/decode.js';
import { sniffAudioFormat } from '../audio/formats.js';
import type { DriftDifference } from '../contract/admin-types.js';

/** A difference of an exchange and what it is about are the document's (`DriftReport`). */
export type { DriftDifference };
export type DriftAspect = DriftDifference['aspect'];

/** One side of an exchange, reduced to what is compared. */
export interface Answer {
  status: number | null;
  contentType: string | null;
  headers: Record<string, string>;
  json?: unknown;
  audio?: Uint8Array;
  frames?: string[];
  closeCode?: number | null;
}

const RATE_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'];

export const mediaType = (contentType: string | null | undefined) =>
  (contentType ?? '').split(';')[0].trim().toLowerCase() || null;

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Field set and types, recursively; arrays are compared through their first items. */
export function shapeDifferences(recorded: unknown, emulator: unknown, path = ''): DriftDifference[] {
  const a = typeOf(recorded);
  const b = typeOf(emulator);
  if (a !== b) return [{ aspect: 'fields', path: path || '/', recorded: a, emulator: b }];
  if (a === 'array') {
    const [x, y] = [recorded as unknown[], emulator as unknown[]];
    return x.length && y.length ? shapeDifferences(x[0], y[0], `${path}/0`) : [];
  }
  if (a !== 'object') return [];
  const [x, y] = [recorded as Record<string, unknown>, emulator as Record<string, unknown>];
  const out: DriftDifference[] = [];
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!(key in y)) out.push({ aspect: 'fields', path: at, recorded: typeOf(x[key]), emulator: 'missing' });
    else if (!(key in x))
      out.push({ aspect: 'fields', path: at, recorded: 'missing', emulator: typeOf(y[key]) });
    else out.push(...shapeDifferences(x[key], y[key], at));
  }
  return out;
}

async function audioFacts(bytes: Uint8Array): Promise<{ format: string | null; duration: number | null }> {
  const format = sniffAudioFormat(bytes);
  try {
    return { format, duration: (await decodeAudio(bytes)).durationSeconds };
  } catch {
    return { format, duration: null };
  }
}

export async function compareAnswers(
  recorded: Answer,
  emulator: Answer,
  toleranceSeconds: number,
): Promise<DriftDifference[]> {
  const out: DriftDifference[] = [];
  const differ = (aspect: DriftAspect, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ aspect, recorded: a, emulator: b });
  };
  differ('status', recorded.status, emulator.status);
  differ('content_type', mediaType(recorded.contentType), mediaType(emulator.contentType));
  const code = (a: Answer) =>
    mediaType(a.contentType) === 'application/problem+json'
      ? ((a.json as { code?: unknown } | undefined)?.code ?? null)
      : null;
  differ('code', code(recorded), code(emulator));
  if (recorded.json !== undefined && emulator.json !== undefined)
    out.push(...shapeDifferences(recorded.json, emulator.json));
  const present = (a: Answer) => RATE_HEADERS.filter((h) => a.headers[h] !== undefined);
  differ('ratelimit_headers', present(recorded), present(emulator));
  if (recorded.audio || emulator.audio) {
    const none = { format: null, duration: null };
    const [a, b] = await Promise.all([
      recorded.audio ? audioFacts(recorded.audio) : none,
      emulator.audio ? audioFacts(emulator.audio) : none,
    ]);
    differ('audio_format', a.format, b.format);
    const drifted =
      a.duration === null || b.duration === null
        ? a.duration !== b.duration
        : Math.abs(a.duration - b.duration) > toleranceSeconds;
    if (drifted) out.push({ aspect: 'audio_duration', recorded: a.duration, emulator: b.duration });
  }
  if (recorded.frames || emulator.frames) differ('frames', recorded.frames ?? [], emulator.frames ?? []);
  if (recorded.closeCode !== undefined && emulator.closeCode !== undefined)
    differ('close_code', recorded.closeCode, emulator.closeCode);
  return out;
}

/**
 * Frame types in order: a JSON frame's `type` (or `json`), `text` or `binary`, each run of one type counted
 * once: how many partials or audio chunks a stream is cut into depends on timing and chunk sizes, not on
 * the contract.
 */
export function frameTypes(frames: { json?: unknown; text?: string; binary?: unknown }[]): string[] {
  const out: string[] = [];
  for (const f of frames) {
    const type = f.json && typeof f.json === 'object' ? (f.json as { type?: unknown }).type : undefined;
    const t =
      f.binary !== undefined
        ? 'binary'
        : f.json === undefined
          ? 'text'
          : typeof type === 'string'
            ? type
            : 'json';
    if (out[out.length - 1] !== t) out.push(t);
  }
  return out;
}
