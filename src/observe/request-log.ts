/**
 * The request log: one line per /v1 and admin request, WebSocket open and close, webhook attempt and job
 * transition, as text for people or JSON lines for log processors (field names in docs/observability.md).
 * Every value that may hold a credential goes through the Redactor before it is written.
 */
import type { LogLevel } from '../app/config.js';
import { cutUtf8 } from './capture.js';
import type { Redactor } from './redact.js';

export type LogFormat = 'text' | 'json';
export type LogSink = (line: string) => void;

/** Bodies in `debug` lines are cut at this many bytes of JSON text. */
export const LOG_BODY_LIMIT_BYTES = 2048;

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** A log record: `time`, `level` and `event` first, then the event's fields (null fields are left out). */
export type LogRecord = { event: string } & Record<string, unknown>;

export class RequestLog {
  constructor(
    private readonly level: LogLevel,
    private readonly format: LogFormat,
    private readonly redact: Redactor,
    private readonly sink: LogSink | null,
  ) {}

  enabled(level: Exclude<LogLevel, 'silent'>): boolean {
    return this.sink !== null && RANK[level] <= RANK[this.level];
  }

  get debug(): boolean {
    return this.enabled('debug');
  }

  write(level: Exclude<LogLevel, 'silent'>, record: LogRecord): void {
    if (!this.enabled(level)) return;
    const fields: Record<string, unknown> = { time: new Date().toISOString(), level, ...record };
    for (const [k, v] of Object.entries(fields)) if (v === null || v === undefined) delete fields[k];
    const line = this.format === 'json' ? JSON.stringify(fields) : textLine(fields);
    // Last line of defence: whatever a caller put in a record, no credential leaves in full.
    this.sink!(this.redact.text(line));
  }

  /** A body for a debug line: the JSON value, or beyond LOG_BODY_LIMIT_BYTES a string of its first bytes and `…`. */
  body(value: unknown): unknown {
    if (value === null || value === undefined) return null;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (Buffer.byteLength(text) <= LOG_BODY_LIMIT_BYTES) return value;
    return `${cutUtf8(text, LOG_BODY_LIMIT_BYTES)}…`;
  }
}

const MAIN = new Set(['time', 'level', 'event', 'method', 'path', 'status', 'duration_ms']);

/** `2026-01-01T00:00:00.000Z INFO  request POST /v1/tts 422 12ms code=validation_failed org=org_demo …` */
function textLine(f: Record<string, unknown>): string {
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const head = [show(f.time), show(f.level).toUpperCase().padEnd(5), show(f.event)];
  if (f.method !== undefined) head.push(show(f.method));
  if (f.path !== undefined) head.push(show(f.path));
  if (f.status !== undefined) head.push(show(f.status));
  if (f.duration_ms !== undefined) head.push(`${show(f.duration_ms)}ms`);
  const rest = Object.entries(f)
    .filter(([k]) => !MAIN.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? quote(v) : JSON.stringify(v)}`);
  return [...head, ...rest].join(' ');
}

function quote(v: string): string {
  return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
}
