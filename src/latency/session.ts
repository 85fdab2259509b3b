/**
 * A latency profile on the realtime WebSockets: `tts.realtime` holds the first audio frame of each utterance
 * (first audio, the spec's p90 target) and `stt.realtime` holds each `partial` and `final` result frame (the
 * partial cadence behind the audio), each by a seeded draw for the operation. Frames keep their order: a frame
 * leaves no earlier than the one before it. Held frames count in `bufferedAmount`, as queued bytes do, so a
 * producer that waits on it waits here too; past HELD_LIMIT_BYTES the socket is dropped. The session's journal
 * entry records the delays added, in all (`latency_ms`).
 */
import type { WebSocket } from 'ws';
import type { WsContext } from '../http/context.js';
import { dropFrame, frameBytes, isTextFrame, wrapSend, type OutFrame } from '../faults/ws-send.js';
import type { LatencySampler } from './sampler.js';

/** More held than this (a profile with long delays on a fast producer) drops the socket. */
const HELD_LIMIT_BYTES = 16 * 1024 * 1024;

const RESULT_TYPES = /^\{"type":"(partial|final)"/;

/** Which frames an operation's delay applies to; the others only keep their place behind held ones. */
function chooser(operationId: string): ((frame: OutFrame) => boolean) | undefined {
  if (operationId === 'tts.realtime') {
    let audioStarted = false;
    return (frame) => {
      if (isTextFrame(frame)) {
        audioStarted = false; // a text frame ends an utterance's audio (utterance_done) or starts the next
        return false;
      }
      if (audioStarted) return false;
      audioStarted = true;
      return true;
    };
  }
  if (operationId === 'stt.realtime')
    return (frame) => isTextFrame(frame) && RESULT_TYPES.test(String(frame.data));
  return undefined;
}

export function armSessionLatency(
  sampler: LatencySampler,
  ws: WebSocket,
  ctx: Pick<WsContext, 'operation' | 'journal'>,
): void {
  const operationId = ctx.operation.operationId;
  const delayed = chooser(operationId);
  if (!delayed || !(sampler.profile.operations[operationId] ?? sampler.profile.default)) return;
  const queue: { frame: OutFrame; at: number; bytes: number }[] = [];
  let last = 0;
  let held = 0;
  let timer: NodeJS.Timeout | undefined;
  // On top of whatever counts the socket's buffered bytes now (ws itself, or a frame fault holding frames too).
  const counted =
    Object.getOwnPropertyDescriptor(ws, 'bufferedAmount') ??
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(ws), 'bufferedAmount');
  Object.defineProperty(ws, 'bufferedAmount', {
    configurable: true,
    get: () => (counted?.get?.call(ws) as number) + held,
  });

  // The session's own close waits behind its held frames (a reply to the client's close does not).
  const close = ws.close.bind(ws);
  let pendingClose: Parameters<WebSocket['close']> | undefined;
  ws.close = (...args: Parameters<WebSocket['close']>) => {
    if (queue.length === 0 || (ws as unknown as { _closeFrameReceived?: boolean })._closeFrameReceived)
      return close(...args);
    pendingClose ??= args;
  };

  const release = () => {
    timer = undefined;
    const now = Date.now();
    while (queue.length > 0 && queue[0].at <= now) {
      const { frame, bytes } = queue.shift()!;
      held -= bytes;
      forward(frame);
    }
    if (queue.length > 0) timer = setTimeout(release, queue[0].at - now);
    else if (pendingClose) close(...pendingClose);
  };

  const forward = wrapSend(ws, (frame) => {
    if (ws.readyState !== ws.OPEN) return forward(frame);
    const now = Date.now();
    let at = Math.max(now, last);
    if (delayed(frame)) {
      const ms = sampler.delayFor(operationId, undefined, 0);
      ctx.journal.latency_ms = (ctx.journal.latency_ms ?? 0) + ms;
      at = Math.max(at, now + ms);
    }
    last = at;
    if (at <= now && queue.length === 0) return forward(frame);
    const bytes = frameBytes(frame.data);
    held += bytes;
    if (held > HELD_LIMIT_BYTES) {
      ws.terminate();
      return;
    }
    queue.push({ frame, at, bytes });
    if (timer === undefined) timer = setTimeout(release, at - now);
  });

  ws.once('close', () => {
    clearTimeout(timer);
    for (const { frame } of queue.splice(0)) dropFrame(frame, 'the socket closed while the frame was held');
    held = 0;
  });
}
