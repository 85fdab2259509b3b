/**
 * The recording format (openapi/recording.schema.json, docs/proxy.md): one JSON file per exchange, binary
 * bodies and WebSocket binary frames in files beside it, named after it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Violation } from './contract.js';

export const RECORDING_FORMAT = 'svc-emulator-recording/1';
/** Exchange files are `NNNNNN-<method>-<path>.json`; anything else in the folder is ignored. */
/** Binary bytes kept for the recording of one exchange (an HTTP answer, or a WebSocket session's frames), at most. */
export const RECORD_LIMIT_BYTES = 64 * 1024 * 1024;
export const EXCHANGE_FILE_RE = /^\d{6}-[a-z]+-[a-z0-9_.-]*\.json$/;

export type RecordedBody =
  | { kind: 'none' }
  | { kind: 'json'; json: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; content_type: string | null; size: number; sha256: string; file: string }
  | { kind: 'multipart'; fields: Record<string, string>; files: RecordedFile[] };

export interface RecordedFile {
  field: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  file: string;
}

export interface RecordedFrame {
  from: 'client' | 'server';
  /** Text frames hold their JSON (or text when not JSON); binary frames a slice of the session's .bin file. */
  json?: unknown;
  text?: string;
  binary?: { size: number; offset: number; sha256: string };
}

interface ExchangeBase {
  format: typeof RECORDING_FORMAT;
  id: string;
  recorded_at: string;
  upstream: string;
  operation_id: string | null;
  request: {
    method: string;
    path: string;
    query: Record<string, string | string[]>;
    headers: Record<string, string>;
    body: RecordedBody;
  };
  response: { status: number | null; headers: Record<string, string>; body: RecordedBody };
  contract_violations: Violation[];
}

export interface HttpExchange extends ExchangeBase {
  kind: 'http';
}

export interface WebSocketExchange extends ExchangeBase {
  kind: 'websocket';
  /** The subprotocol the upstream selected, redacted when it was a ws-token. */
  protocol: string | null;
  frames: RecordedFrame[];
  /** The `.bin` file holding the binary frames, in order, when there were any. */
  binary_file: string | null;
  close: { code: number | null; reason: string; by: 'client' | 'server' | null };
}

export type Exchange = HttpExchange | WebSocketExchange;

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Reads every exchange of a folder, in recorded order. */
export function readRecordings(dir: string): Exchange[] {
  return readdirSync(dir)
    .filter((f) => EXCHANGE_FILE_RE.test(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Exchange)
    .filter((e) => e.format === RECORDING_FORMAT);
}

export function readBeside(dir: string, file: string): Buffer {
  // Names come from the recording: keep them inside the folder.
  if (file.includes('/') || file.includes('\\') || file.startsWith('.'))
    throw new Error(`bad file name in recording: ${file}`);
  return readFileSync(join(dir, file));
}
