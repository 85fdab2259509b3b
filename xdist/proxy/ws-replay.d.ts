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
import { type RecordedFrame } from './recording.js';
/** Close code of a session whose client deviates from every recording (the protocol error of D12). */
export declare const MISMATCH_CLOSE = 4400;
/** The session for a path, or null when nothing was recorded there; `first` is the recording it starts with. */
export type WsReplay = (path: string) => {
    first: string;
    serve: (ws: WebSocket, ctx: WsContext) => void;
} | null;
export declare function frameKey(frame: RecordedFrame): string;
/** A live frame in the recording's terms (redacted as the recorder redacts). */
export declare function liveFrameKey(data: Buffer, isBinary: boolean): string;
export declare function createWsReplay(dir: string): WsReplay;
