/**
 * What the journal and the request log keep of a request and its response: redacted headers, query, the
 * JSON body (cut at JOURNAL_BODY_LIMIT_BYTES), a multipart summary, the response's JSON or problem body and,
 * for audio, a summary. The response is tapped as it is written, so streamed bodies are counted too.
 */
import { uploadSha256 } from '../http/upload-storage.js';
import type { Request, Response } from 'express';
import { audioSummary, type AudioSummary } from './audio-summary.js';
import type { Redactor } from './redact.js';

/** Request and response bodies are kept whole up to this many bytes of JSON text (docs/observability.md). */
export const JOURNAL_BODY_LIMIT_BYTES = 16 * 1024;
/** Bytes of an audio response kept to read its header. */
const AUDIO_HEAD_BYTES = 4096;

export interface MultipartSummary {
  fields: Record<string, string>;
  files: { field: string; name: string; type: string; size: number; sha256: string }[];
}

export interface RequestDetail {
  headers: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  body_truncated: boolean;
  multipart: MultipartSummary | null;
}

export interface ResponseDetail {
  headers: Record<string, string>;
  body: unknown;
  body_truncated: boolean;
  audio: AudioSummary | null;
}

/** A JSON value as the journal keeps it: redacted, and cut to a string prefix beyond the limit. */
export function boundedJson(value: unknown, redact: Redactor, limit = JOURNAL_BODY_LIMIT_BYTES): { body: unknown; truncated: boolean } {
  if (value === undefined || value === null) return { body: null, truncated: false };
  const text = redact.text(JSON.stringify(value) ?? 'null');
  if (Buffer.byteLength(text) <= limit) return { body: JSON.parse(text) as unknown, truncated: false };
  return { body: cutUtf8(text, limit), truncated: true };
}

/** The longest prefix of `text` that fits in `limit` UTF-8 bytes, without splitting a character. */
export function cutUtf8(text: string, limit: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= limit) return text;
  let end = limit;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/** The JSON body as the client sent it, before validation filled in defaults (set by the /v1 router). */
export function keepSentJson(res: Response, body: unknown): void {
  res.locals.sentJson = JSON.stringify(body) ?? null;
}

export function requestDetail(req: Request, res: Response, redact: Redactor): RequestDetail {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    query[redact.text(name)] = Array.isArray(value) ? value.map((v) => redact.text(String(v))) : redact.text(String(value));
  }
  const files = req.files as Express.Multer.File[] | undefined;
  const isMultipart = /^multipart\//i.test(req.headers['content-type'] ?? '');
  let multipart: MultipartSummary | null = null;
  let body: { body: unknown; truncated: boolean } = { body: null, truncated: false };
  if (isMultipart) {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
      fields[redact.text(name)] = String(boundedJson(String(value), redact, 1024).body);
    }
    multipart = {
      fields,
      // A body cut before its closing boundary leaves a file without its bytes.
      files: (files ?? []).filter((f) => f.buffer !== undefined).map((f) => ({
        field: f.fieldname,
        name: redact.text(f.originalname ?? ''),
        type: f.mimetype,
        size: f.size,
        sha256: uploadSha256(f.buffer),
      })),
    };
  } else if (typeof res.locals.sentJson === 'string') {
    body = boundedJson(JSON.parse(res.locals.sentJson), redact);
  } else {
    body = boundedJson(req.body, redact);
  }
  return { headers: redact.headers(req.headers), query, body: body.body, body_truncated: body.truncated, multipart };
}

/** Taps `res.write`/`res.end`, keeping the first `keepBytes` bytes and counting the rest. */
export class ResponseTap {
  private chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;

  constructor(
    res: Response,
    private readonly keepBytes: number,
  ) {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      this.capture(args[0], args[1]);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      this.capture(args[0], args[1]);
      return end(...args);
    }) as typeof res.end;
  }

  private capture(chunk: unknown, encoding?: unknown): void {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : undefined;
    if (!buf) return;
    this.bytes += buf.length;
    if (this.kept < this.keepBytes) {
      const part = buf.subarray(0, this.keepBytes - this.kept);
      this.chunks.push(part);
      this.kept += part.length;
    }
  }

  /** Everything sent, when all of it was kept. */
  whole(): Buffer | undefined {
    return this.bytes <= this.keepBytes ? Buffer.concat(this.chunks) : undefined;
  }

  head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export function responseDetail(res: Response, tap: ResponseTap, redact: Redactor): ResponseDetail {
  const type = String(res.getHeader('content-type') ?? '');
  const detail: ResponseDetail = { headers: redact.headers(res.getHeaders()), body: null, body_truncated: false, audio: null };
  if (/json/i.test(type)) {
    const whole = tap.whole();
    const text = whole && whole.length <= JOURNAL_BODY_LIMIT_BYTES ? whole.toString('utf8') : undefined;
    if (text !== undefined) {
      try {
        detail.body = boundedJson(JSON.parse(text), redact).body;
      } catch {
        detail.body = redact.text(text);
      }
    } else if (tap.bytes > 0) {
      detail.body = redact.text(cutUtf8(tap.head().toString('utf8'), JOURNAL_BODY_LIMIT_BYTES));
      detail.body_truncated = true;
    }
  } else if (/^audio\//i.test(type)) {
    detail.audio = audioSummary(type.split(';')[0].trim(), tap.head().subarray(0, AUDIO_HEAD_BYTES), tap.bytes);
  }
  return detail;
}

export function tapKeepBytes(contractCheck: boolean): number {
  // The contract self-check validates whole JSON bodies up to 2 MiB; the journal needs the first 16 KiB.
  return contractCheck ? 2 * 1024 * 1024 : Math.max(JOURNAL_BODY_LIMIT_BYTES, AUDIO_HEAD_BYTES);
}
