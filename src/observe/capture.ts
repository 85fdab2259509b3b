/**
 * What the journal and the request log keep of a request and its response: redacted headers, query, the
 * JSON body (cut at JOURNAL_BODY_LIMIT_BYTES), a multipart summary, the response's JSON or problem body and,
 * for audio, a summary. The response is tapped as it is written, so streamed bodies are counted too.
 */
import { isUtf8 } from 'node:buffer';
import { uploadSha256 } from '../core/upload-digest.js';
import type { Request, Response } from 'express';
import type { JournalRequest, JournalResponse } from '../contract/admin-types.js';
import { audioSummary } from './audio-summary.js';
import { setLazyJsonBody } from './lazy-json.js';
import type { Redactor } from './redact.js';

/** Request and response bodies are kept whole up to this many bytes of JSON text (docs/observability.md). */
export const JOURNAL_BODY_LIMIT_BYTES = 16 * 1024;
/** Bytes of an audio response kept to read its header. */
const AUDIO_HEAD_BYTES = 4096;

/** The request and the response as a journal entry shows them (`JournalRequest`, `JournalResponse`). */
export type RequestDetail = JournalRequest;
export type ResponseDetail = JournalResponse;
/** A multipart request's fields and files (`JournalRequest.multipart`). */
export type MultipartSummary = NonNullable<JournalRequest['multipart']>;

/** A JSON value as the journal keeps it: redacted, and cut to a string prefix beyond the limit. */
export function boundedJson(
  value: unknown,
  redact: Redactor,
  limit = JOURNAL_BODY_LIMIT_BYTES,
): { body: unknown; truncated: boolean } {
  if (value === undefined || value === null) return { body: null, truncated: false };
  const text = redact.text(JSON.stringify(value) ?? 'null');
  if (Buffer.byteLength(text) <= limit) return { body: JSON.parse(text) as unknown, truncated: false };
  return { body: cutUtf8(text, limit), truncated: true };
}

/**
 * `boundedJson(JSON.parse(text))` for text that JSON.stringify wrote, into `holder.body`: writing the value again
 * would give the same text, so it is only redacted, and parsed if and when someone reads the body.
 * Returns whether the body was cut.
 */
export function setBoundedJsonText(
  holder: { body: unknown },
  text: string,
  redact: Redactor,
  limit = JOURNAL_BODY_LIMIT_BYTES,
): boolean {
  const redacted = redact.text(text);
  if (Buffer.byteLength(redacted) <= limit) {
    setLazyJsonBody(holder, redacted);
    return false;
  }
  holder.body = cutUtf8(redacted, limit);
  return true;
}

/** The longest prefix of `text` that fits in `limit` UTF-8 bytes, without splitting a character. */
export function cutUtf8(text: string, limit: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= limit) return text;
  let end = limit;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/** The first `limit` bytes, less a character the cut (the limit's, or the tap's own) split at the end. */
function utf8Prefix(buf: Buffer, limit: number): Buffer {
  let end = Math.min(buf.length, limit);
  for (let i = end - 1; i >= 0 && i >= end - 3; i--) {
    const b = buf[i];
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (i + length > end) end = i;
    break;
  }
  return buf.subarray(0, end);
}

/** The JSON body as the client sent it, before validation filled in defaults (set by the /v1 router). */
export function keepSentJson(res: Response, body: unknown): void {
  res.locals.sentJson = JSON.stringify(body) ?? null;
}

/** The whole JSON response body as JSON.stringify wrote it (set by sendJson and sendProblem, which end the response). */
export function keepResponseJson(res: Response, text: string): void {
  // Admin calls made at boot (src/admin/invoke.ts) answer into a stand-in response without locals.
  if (res.locals) res.locals.responseJson = text;
}

export function requestDetail(req: Request, res: Response, redact: Redactor): RequestDetail {
  const query: Record<string, string | string[]> = {};
  // `req.query` parses the URL on every read: a URL without a query string has nothing to parse.
  const parsed = req.url.includes('?') ? ((req.query ?? {}) as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(parsed)) {
    query[redact.text(name)] = Array.isArray(value)
      ? value.map((v) => redact.text(String(v)))
      : redact.text(String(value));
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
      files: (files ?? [])
        .filter((f) => f.buffer !== undefined)
        .map((f) => ({
          field: f.fieldname,
          name: redact.text(f.originalname ?? ''),
          type: f.mimetype,
          size: f.size,
          sha256: uploadSha256(f.buffer),
        })),
    };
  } else if (typeof res.locals.sentJson === 'string') {
    const detail: RequestDetail = {
      headers: redact.headers(req.headers),
      query,
      body: null,
      body_truncated: false,
      multipart,
    };
    detail.body_truncated = setBoundedJsonText(detail, res.locals.sentJson, redact);
    return detail;
  } else {
    body = boundedJson(req.body, redact);
  }
  return {
    headers: redact.headers(req.headers),
    query,
    body: body.body,
    body_truncated: body.truncated,
    multipart,
  };
}

/** A chunk as written: strings are kept as they are and encoded only if the tap is read. */
type TappedChunk = Buffer | { text: string; encoding: BufferEncoding; take: number };

/** Taps `res.write`/`res.end`, keeping the first `keepBytes` bytes and counting the rest. */
export class ResponseTap {
  private chunks: TappedChunk[] = [];
  private kept = 0;
  bytes = 0;
  /** `performance.now()` when `end` was first called: the client cannot have the whole answer before. */
  endedAt: number | undefined;

  constructor(
    res: Response,
    private readonly keepBytes: number,
    /** Called at the first `end` (a shared store counts the answer's effects from then: store/answers.ts). */
    onEnd?: () => void,
  ) {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      this.capture(args[0], args[1]);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (this.endedAt === undefined) {
        this.endedAt = performance.now();
        onEnd?.();
      }
      this.capture(args[0], args[1]);
      return end(...args);
    }) as typeof res.end;
  }

  private capture(chunk: unknown, encoding?: unknown): void {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    if (typeof chunk === 'string') {
      const enc = typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8';
      const length = Buffer.byteLength(chunk, enc);
      this.bytes += length;
      if (this.kept < this.keepBytes) {
        const take = Math.min(length, this.keepBytes - this.kept);
        this.chunks.push({ text: chunk, encoding: enc, take });
        this.kept += take;
      }
      return;
    }
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : undefined;
    if (!buf) return;
    this.bytes += buf.length;
    if (this.kept < this.keepBytes) {
      const part = buf.subarray(0, this.keepBytes - this.kept);
      this.chunks.push(part);
      this.kept += part.length;
    }
  }

  private buffers(): Buffer[] {
    return this.chunks.map((c) =>
      Buffer.isBuffer(c) ? c : Buffer.from(c.text, c.encoding).subarray(0, c.take),
    );
  }

  /** Everything sent, when all of it was kept. */
  whole(): Buffer | undefined {
    return this.bytes <= this.keepBytes ? Buffer.concat(this.buffers()) : undefined;
  }

  head(): Buffer {
    return Buffer.concat(this.buffers());
  }
}

export function responseDetail(res: Response, tap: ResponseTap, redact: Redactor): ResponseDetail {
  const type = String(res.getHeader('content-type') ?? '');
  const detail: ResponseDetail = {
    headers: redact.headers(res.getHeaders()),
    body: null,
    body_truncated: false,
    audio: null,
  };
  if (/^audio\//i.test(type)) {
    detail.audio = audioSummary(
      type.split(';')[0].trim(),
      tap.head().subarray(0, AUDIO_HEAD_BYTES),
      tap.bytes,
    );
    return detail;
  }
  // No content type, no body: a 204, or an answer that never started. Nothing to show.
  if (type === '' && tap.bytes === 0) return detail;
  const json = /json/i.test(type);
  const sent = res.locals.responseJson as string | undefined;
  if (
    json &&
    typeof sent === 'string' &&
    tap.bytes === Buffer.byteLength(sent) &&
    tap.bytes <= JOURNAL_BODY_LIMIT_BYTES
  ) {
    // The whole body is the text sendJson or sendProblem wrote: no need to read it back from the tap.
    // (A body that redaction made longer than the limit is cut but, as below, not flagged.)
    setBoundedJsonText(detail, sent, redact);
    return detail;
  }
  const whole = tap.whole();
  const text = whole && whole.length <= JOURNAL_BODY_LIMIT_BYTES ? whole.toString('utf8') : undefined;
  if (json && text !== undefined) {
    try {
      detail.body = boundedJson(JSON.parse(text), redact).body;
      return detail;
    } catch {
      // Cut short or empty (truncate_json, empty_body): shown below as the text it is.
    }
  } else if (json && tap.bytes > 0) {
    // Over the limit: the JSON's first 16 KiB, as a string (JournalResponse).
    detail.body = redact.text(cutUtf8(tap.head().toString('utf8'), JOURNAL_BODY_LIMIT_BYTES));
    detail.body_truncated = true;
    return detail;
  }
  // Not JSON (decision J-T1): its text, marked, so no reader takes it for a JSON value. Bytes that are not
  // UTF-8 text are not shown.
  const kept = utf8Prefix(whole ?? tap.head(), JOURNAL_BODY_LIMIT_BYTES);
  if (!isUtf8(kept)) return detail;
  detail.body = redact.text(kept.toString('utf8'));
  detail.body_truncated = kept.length < tap.bytes;
  detail.body_format = 'text';
  return detail;
}

export function tapKeepBytes(contractCheck: boolean): number {
  // The contract self-check validates whole JSON bodies up to 2 MiB; the journal needs the first 16 KiB.
  return contractCheck ? 2 * 1024 * 1024 : Math.max(JOURNAL_BODY_LIMIT_BYTES, AUDIO_HEAD_BYTES);
}
