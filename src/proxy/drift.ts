/**
 * The drift report: every recorded exchange is sent again to a fresh emulator started in-process on
 * 127.0.0.1 (port 0), and the two answers compared by shape (drift-compare.ts). The caller's key was
 * never recorded: requests use the emulator's demo key of the same environment. Ids the recording got
 * from the gateway (job and document ids) are mapped to the ones the emulator gave, in later requests.
 */
import WebSocket from 'ws';
import type { EmulatorOptions } from '../app/config.js';
import { WS_TOKEN_PREFIX } from '../auth/ws-tokens.js';
import { ALL_SCOPES } from '../orgs/store.js';
import type { DriftCase, DriftReport } from '../contract/admin-types.js';
import { compareAnswers, frameTypes, mediaType, type Answer } from './drift-compare.js';
import {
  readBeside,
  readRecordings,
  type Exchange,
  type HttpExchange,
  type RecordedBody,
  type WebSocketExchange,
} from './recording.js';

export const DEFAULT_DURATION_TOLERANCE_SECONDS = 0.5;
/** The longest a WebSocket replay waits for the emulator's next frame or its close (wall time). */
const FRAME_WAIT_MS = 10_000;

/** The report and each exchange of it are the document's (`DriftReport`), see contract/admin-types.ts. */
export type { DriftCase, DriftReport };

export interface DriftOptions {
  recordings: string;
  durationToleranceSeconds?: number;
  /** How the emulator under comparison starts (seed, scenario, config file...). */
  emulator?: EmulatorOptions;
}

/** The emulator a drift run compares against (an Emulator; started by the caller's function). */
export interface DriftTarget {
  listen(port: number, host: string): Promise<{ port: number }>;
  demo: { keys: { live: string; test: string } };
  close(): Promise<void>;
}

/** Starts an emulator with the given options (createEmulator; run-drift.ts and the composition root pass it). */
export type StartDriftTarget = (options: EmulatorOptions) => Promise<DriftTarget>;

/** The drift report of a recordings folder against an emulator `start` makes (runDrift in run-drift.ts). */
export async function driftAgainst(start: StartDriftTarget, options: DriftOptions): Promise<DriftReport> {
  const tolerance = options.durationToleranceSeconds ?? DEFAULT_DURATION_TOLERANCE_SECONDS;
  const exchanges = readRecordings(options.recordings);
  const emulator = await start({
    logLevel: 'silent',
    ...options.emulator,
    proxyTo: null,
    record: null,
    replay: null,
  });
  const cases: DriftCase[] = [];
  try {
    const { port } = await emulator.listen(0, '127.0.0.1');
    const target = {
      origin: `http://127.0.0.1:${port}`,
      keys: emulator.demo.keys,
      dir: options.recordings,
      ids: new Map<string, string>(),
    };
    for (const exchange of exchanges) cases.push(await driftOne(exchange, target, tolerance));
  } finally {
    await emulator.close();
  }
  return {
    generated_at: new Date().toISOString(),
    recordings: options.recordings,
    duration_tolerance_seconds: tolerance,
    summary: {
      exchanges: cases.length,
      passed: cases.filter((c) => c.result === 'pass').length,
      drifted: cases.filter((c) => c.result === 'drift').length,
      errors: cases.filter((c) => c.result === 'error').length,
    },
    exchanges: cases,
  };
}

interface Target {
  origin: string;
  keys: { live: string; test: string };
  dir: string;
  /** Recorded id → the emulator's id for the same thing. */
  ids: Map<string, string>;
}

async function driftOne(exchange: Exchange, target: Target, tolerance: number): Promise<DriftCase> {
  const base: DriftCase = {
    id: exchange.id,
    kind: exchange.kind,
    method: exchange.request.method,
    path: exchange.request.path,
    operation_id: exchange.operation_id,
    result: 'pass',
    recorded_status: exchange.response.status,
    emulator_status: null,
    differences: [],
  };
  try {
    const recorded = recordedAnswer(exchange, target.dir);
    const actual =
      exchange.kind === 'http' ? await sendHttp(exchange, target) : await sendWebSocket(exchange, target);
    if (recorded.json !== undefined && actual.json !== undefined)
      learnIds(recorded.json, actual.json, target.ids);
    base.emulator_status = actual.status;
    base.differences = await compareAnswers(recorded, actual, tolerance);
    base.result = base.differences.length ? 'drift' : 'pass';
  } catch (err) {
    base.result = 'error';
    base.error = (err as Error).message;
  }
  return base;
}

function recordedAnswer(exchange: Exchange, dir: string): Answer {
  const { status, headers, body } = exchange.response;
  const answer: Answer = { status, contentType: headers['content-type'] ?? null, headers };
  if (body.kind === 'json') answer.json = body.json;
  if (body.kind === 'binary' && /^audio\//.test(mediaType(body.content_type) ?? ''))
    answer.audio = readBeside(dir, body.file);
  if (exchange.kind === 'websocket' && status === 101) {
    answer.frames = frameTypes(exchange.frames.filter((f) => f.from === 'server'));
    answer.closeCode = exchange.close.by === 'server' ? exchange.close.code : null;
  }
  return answer;
}

/** The demo key of the recorded key's environment (the key itself never reached the recording). */
function authorization(headers: Record<string, string>, keys: Target['keys']): Record<string, string> {
  const recorded = headers.authorization;
  if (!recorded) return {};
  return { authorization: `Bearer ${recorded.includes('svc_test_') ? keys.test : keys.live}` };
}

const mapIds = (text: string, ids: Map<string, string>) =>
  [...ids].reduce((t, [from, to]) => t.split(from).join(to), text);

function requestBody(
  body: RecordedBody,
  headers: Record<string, string>,
  target: Target,
): { body?: RequestInit['body']; contentType?: string } {
  switch (body.kind) {
    case 'json':
      return {
        body: mapIds(JSON.stringify(body.json), target.ids),
        contentType: headers['content-type'] ?? 'application/json',
      };
    case 'text':
      return { body: body.text, contentType: headers['content-type'] };
    case 'binary':
      return {
        body: new Uint8Array(readBeside(target.dir, body.file)),
        contentType: headers['content-type'],
      };
    case 'multipart': {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.fields)) form.append(name, mapIds(value, target.ids));
      for (const f of body.files)
        form.append(
          f.field,
          new Blob([new Uint8Array(readBeside(target.dir, f.file))], { type: f.content_type }),
          f.filename,
        );
      return { body: form };
    }
    default:
      return {};
  }
}

function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function sendHttp(exchange: HttpExchange, target: Target): Promise<Answer> {
  const { method, path, query, headers } = exchange.request;
  const { body, contentType } = requestBody(exchange.request.body, headers, target);
  const res = await fetch(`${target.origin}${mapIds(path, target.ids)}${queryString(query)}`, {
    method,
    headers: {
      ...authorization(headers, target.keys),
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(headers.accept ? { accept: headers.accept } : {}),
    },
    body,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const answer: Answer = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    headers: Object.fromEntries(res.headers),
  };
  const type = mediaType(answer.contentType) ?? '';
  if (/[/+]json$/.test(type)) answer.json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  if (type.startsWith('audio/')) answer.audio = bytes;
  return answer;
}

/**
 * Replays the client's frames in order. Before each client frame, waits until the emulator has sent as many
 * frame types as the gateway had sent by then, so the conversation keeps its recorded turns.
 */
async function sendWebSocket(exchange: WebSocketExchange, target: Target): Promise<Answer> {
  const url = `${target.origin.replace(/^http/, 'ws')}${exchange.request.path}${queryString(exchange.request.query)}`;
  const ws = exchange.request.headers['sec-websocket-protocol']?.includes(WS_TOKEN_PREFIX)
    ? new WebSocket(url, [await mintToken(target)])
    : new WebSocket(url, { headers: authorization(exchange.request.headers, target.keys) });
  const received: { json?: unknown; text?: string; binary?: true }[] = [];
  let wake: (() => void) | null = null;
  let closeCode: number | null = null;
  const closed = new Promise<void>((resolve) =>
    ws.once('close', (code) => ((closeCode = code), resolve(), wake?.())),
  );
  const opened = await new Promise<true | Answer>((resolve, reject) => {
    ws.once('open', () => resolve(true));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => {
        ws.terminate();
        const text = Buffer.concat(chunks).toString('utf8');
        const contentType = res.headers['content-type'] ?? null;
        resolve({
          status: res.statusCode ?? 0,
          contentType,
          headers: res.headers as Record<string, string>,
          json: /json/.test(contentType ?? '') ? JSON.parse(text) : undefined,
        });
      });
    });
  });
  if (opened !== true) return opened;
  ws.on('error', () => {});
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) received.push({ binary: true });
    else {
      const text = data.toString('utf8');
      try {
        received.push({ json: JSON.parse(text) });
      } catch {
        received.push({ text });
      }
    }
    wake?.();
  });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + FRAME_WAIT_MS;
    while (!done() && closeCode === null && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  };
  const binary = exchange.binary_file ? readBeside(target.dir, exchange.binary_file) : Buffer.alloc(0);
  const frames = exchange.frames;
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i];
    if (f.from !== 'client') continue;
    const expected = frameTypes(frames.slice(0, i).filter((x) => x.from === 'server')).length;
    await until(() => frameTypes(received).length >= expected);
    if (ws.readyState !== WebSocket.OPEN) break;
    if (f.binary)
      ws.send(
        f.binary.offset >= 0
          ? binary.subarray(f.binary.offset, f.binary.offset + f.binary.size)
          : Buffer.alloc(f.binary.size),
      );
    else ws.send(f.json !== undefined ? JSON.stringify(f.json) : (f.text ?? ''));
  }
  const expectedTotal = frameTypes(frames.filter((x) => x.from === 'server')).length;
  if (exchange.close.by === 'server') await until(() => false);
  else await until(() => frameTypes(received).length >= expectedTotal);
  if (closeCode === null) {
    ws.close(
      exchange.close.code &&
        exchange.close.code >= 1000 &&
        exchange.close.code < 5000 &&
        exchange.close.code !== 1005 &&
        exchange.close.code !== 1006
        ? exchange.close.code
        : 1000,
    );
    await closed;
  }
  return {
    status: 101,
    contentType: null,
    headers: {},
    frames: frameTypes(received),
    closeCode: exchange.close.by === 'server' ? closeCode : null,
  };
}

/** A browser-style session was recorded: it gets a ws-token of the emulator's own (test key, every scope). */
async function mintToken(target: Target): Promise<string> {
  const res = await fetch(`${target.origin}/v1/auth/ws-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.keys.test}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scopes: ALL_SCOPES }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Pairs string ids found at the same place in both answers (`id`, `job_id`, `document_id`...). */
function learnIds(recorded: unknown, actual: unknown, ids: Map<string, string>): void {
  if (!recorded || !actual || typeof recorded !== 'object' || typeof actual !== 'object') return;
  for (const [key, value] of Object.entries(recorded)) {
    const other = (actual as Record<string, unknown>)[key];
    if (
      typeof value === 'string' &&
      typeof other === 'string' &&
      /^(id|.+_id)$/.test(key) &&
      key !== 'request_id' &&
      value !== other &&
      value.length >= 4
    )
      ids.set(value, other);
    else if (typeof value === 'object') learnIds(value, other, ids);
  }
}
