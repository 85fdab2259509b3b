/**
 * `--replay DIR` for WebSockets (docs/proxy.md, P12): a session on a path that has recorded sessions is
 * served from them, after the usual handshake (key or ws-token, scopes, upgrade faults). Server frames are
 * sent in recorded order, each once the client frames that preceded it in the recording have arrived; the
 * recorded close ends the session. Client frames must match the recording: JSON equal after parsing (keys
 * in any order), other text equal, binary by SHA-256. Several recordings of a path are candidates: the
 * session follows the one that agrees with everything exchanged so far and has the most server frames due.
 * When none agrees, an `error` frame `replay_mismatch` names the first mismatch and the socket closes 4400.
 */
import type WebSocket from 'ws';
import type { WsContext } from '../http/context.js';
import { redactJson, redactText } from './redact.js';
import {
  readBeside,
  readRecordings,
  sha256,
  type RecordedFrame,
  type WebSocketExchange,
} from './recording.js';
import { canonicalJson } from './replay.js';

/** Close code of a session whose client deviates from every recording (the protocol error of D12). */
export const MISMATCH_CLOSE = 4400;

/** The session for a path, or null when nothing was recorded there; `first` is the recording it starts with. */
export type WsReplay = (
  path: string,
) => { first: string; serve: (ws: WebSocket, ctx: WsContext) => void } | null;

interface Candidate {
  exchange: WebSocketExchange;
  client: string[];
  /** For each server frame, its index in `frames` and how many client frames precede it. */
  server: { frame: RecordedFrame; after: number; key: string }[];
  binary: Buffer | null;
}

/** Sendable close codes (RFC 6455 7.4). */
const sendable = (code: number) =>
  (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);

export function frameKey(frame: RecordedFrame): string {
  if (frame.binary) return `binary:${frame.binary.sha256}`;
  if (frame.text !== undefined) return `text:${frame.text}`;
  return `json:${canonicalJson(frame.json)}`;
}

/** A live frame in the recording's terms (redacted as the recorder redacts). */
export function liveFrameKey(data: Buffer, isBinary: boolean): string {
  if (isBinary) return `binary:${sha256(data)}`;
  const text = data.toString('utf8');
  try {
    return `json:${canonicalJson(redactJson(JSON.parse(text)))}`;
  } catch {
    return `text:${redactText(text)}`;
  }
}

export function createWsReplay(dir: string): WsReplay {
  const byPath = new Map<string, { candidates: Candidate[]; next: number }>();
  for (const exchange of readRecordings(dir)) {
    if (exchange.kind !== 'websocket' || exchange.response.status !== 101) continue;
    // A session whose binary frames were not all kept (over the recording limit) cannot be replayed.
    if (exchange.frames.some((f) => f.binary && f.binary.offset < 0)) continue;
    const candidate: Candidate = {
      exchange,
      client: [],
      server: [],
      binary: exchange.binary_file ? readBeside(dir, exchange.binary_file) : null,
    };
    for (const frame of exchange.frames) {
      if (frame.from === 'client') candidate.client.push(frameKey(frame));
      else
        candidate.server.push({
          frame,
          after: candidate.client.length,
          key: frameKey(withoutRequestId(frame)),
        });
    }
    const path = exchange.request.path.replace(/\/$/, '');
    const entry = byPath.get(path) ?? { candidates: [], next: 0 };
    entry.candidates.push(candidate);
    byPath.set(path, entry);
  }

  return (path) => {
    const entry = byPath.get(path.replace(/\/$/, ''));
    if (!entry) return null;
    const start = Math.min(entry.next, entry.candidates.length - 1);
    const ordered = [...entry.candidates.slice(start), ...entry.candidates.slice(0, start)];
    return {
      first: ordered[0].exchange.id,
      serve: (ws, ctx) => {
        const served = serveSession(ws, ctx, ordered);
        ws.once('close', () => (entry.next = entry.candidates.indexOf(served()) + 1));
      },
    };
  };
}

/** Runs one replayed session; returns a getter of the recording it ended up following. */
function serveSession(ws: WebSocket, ctx: WsContext, candidates: Candidate[]): () => Candidate {
  const received: string[] = [];
  let sent = 0;
  let over = false;
  let current = follow(candidates, received, sent)!;

  const pump = () => {
    ctx.journal.replayed = current.exchange.id;
    while (!over && sent < current.server.length && current.server[sent].after <= received.length) {
      ws.send(payload(current, current.server[sent].frame, ctx.requestId), {
        binary: Boolean(current.server[sent].frame.binary),
      });
      sent++;
    }
    if (over || sent < current.server.length || received.length < current.client.length) return;
    const { code, by, reason } = current.exchange.close;
    if (by !== 'server' || code === null) return; // the client closed the recorded session: wait for it to.
    over = true;
    if (code === 1006) ws.terminate();
    else if (sendable(code)) ws.close(code, reason.slice(0, 120));
    else ws.close();
  };

  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (over) return;
    received.push(liveFrameKey(data, isBinary));
    const next = follow(candidates, received, sent, current);
    if (!next) return mismatch(received.length - 1);
    current = next;
    pump();
  });

  function mismatch(n: number): void {
    over = true;
    const expected = current.client[n];
    const detail =
      `client frame ${n + 1} of the session differs from recording ${current.exchange.id} and from every other recording of ${current.exchange.request.path}: ` +
      `expected ${expected === undefined ? 'no more client frames' : describe(expected)}, got ${describe(received[n])}`;
    ctx.journal.code = 'replay_mismatch';
    ws.send(JSON.stringify({ type: 'error', code: 'replay_mismatch', detail }));
    ws.close(MISMATCH_CLOSE, `replay mismatch at client frame ${n + 1}`);
  }

  pump();
  return () => current;
}

/**
 * The recording to follow now: among those that match every client frame received and every server frame
 * already sent, the one with the most server frames due (so a session recorded in turns is not held back by
 * one recorded all at once); on a tie, the one followed so far, then the first in order.
 */
function follow(
  candidates: Candidate[],
  received: string[],
  sent: number,
  current?: Candidate,
): Candidate | null {
  let best: Candidate | null = null;
  let bestDue = -1;
  for (const c of current ? [current, ...candidates] : candidates) {
    if (!agrees(c, current, received, sent)) continue;
    const due = c.server.filter((f) => f.after <= received.length).length;
    if (due > bestDue) [best, bestDue] = [c, due];
  }
  return best;
}

function agrees(c: Candidate, current: Candidate | undefined, received: string[], sent: number): boolean {
  if (received.some((key, i) => c.client[i] !== key)) return false;
  if (!current) return true;
  if (c.server.length < sent) return false;
  for (let i = 0; i < sent; i++) if (c.server[i].key !== current.server[i].key) return false;
  return true;
}

function describe(key: string): string {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  if (kind === 'binary') return `a binary frame with SHA-256 ${value}`;
  return `${kind === 'json' ? 'JSON' : 'text'} ${value.length > 200 ? `${value.slice(0, 200)}…` : value}`;
}

/** Server frames are compared without their `request_id`: each replay sends its own. */
function withoutRequestId(frame: RecordedFrame): RecordedFrame {
  const json = frame.json;
  if (!json || typeof json !== 'object' || Array.isArray(json) || !('request_id' in json)) return frame;
  return { ...frame, json: { ...json, request_id: null } };
}

function payload(c: Candidate, frame: RecordedFrame, requestId: string): Buffer | string {
  if (frame.binary) return c.binary!.subarray(frame.binary.offset, frame.binary.offset + frame.binary.size);
  if (frame.text !== undefined) return frame.text;
  // The recorded request id belongs to the recorded session: frames repeat this one's.
  const json =
    frame.json && typeof frame.json === 'object' && !Array.isArray(frame.json) && 'request_id' in frame.json
      ? { ...frame.json, request_id: requestId }
      : frame.json;
  return JSON.stringify(json);
}
