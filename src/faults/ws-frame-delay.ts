/**
 * `ws_frame_delay`: the session's frames after the first `after_frames` are held and released in order, at most
 * `burst` at a time. Every held frame waits at least `delay_ms`, and releases are at least `delay_ms` apart, so a
 * fast sender's frames arrive in bursts of `burst`, one burst per `delay_ms`, and a slow sender's frames each
 * arrive `delay_ms` late. The session's close waits behind its held frames, so order never changes. Wall time, like the latency faults: this is about the client's timeouts.
 */
import { WebSocket } from 'ws';
import type { FaultRule } from './store.js';
import { dropFrame, frameBytes, wrapSend, type OutFrame } from './ws-send.js';

/** Held frames beyond these bounds mean a session producing far faster than the rule lets out: it is dropped. */
export const MAX_HELD_FRAMES = 10_000;
export const MAX_HELD_BYTES = 16 * 1024 * 1024;

const bufferedAmountOf = (ws: WebSocket): number =>
  Reflect.get<object, 'bufferedAmount'>(WebSocket.prototype, 'bufferedAmount', ws) as number;

interface Held extends OutFrame {
  due: number;
  bytes: number;
}

export function armFrameDelay(rule: FaultRule, ws: WebSocket): void {
  const delay = rule.delay_ms ?? 0;
  const burst = rule.burst ?? 1;
  let passed = 0;
  let held: Held[] = [];
  let heldBytes = 0;
  let lastRelease = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  // Sessions pace their audio on bufferedAmount: held bytes count, so a held utterance is not produced whole.
  Object.defineProperty(ws, 'bufferedAmount', {
    configurable: true,
    get: () => bufferedAmountOf(ws) + heldBytes,
  });

  const schedule = () => {
    if (timer || held.length === 0) return;
    const at = Math.max(held[0].due, lastRelease + delay);
    timer = setTimeout(release, Math.max(0, at - Date.now()));
  };

  const release = () => {
    timer = undefined;
    const now = Date.now();
    if (held[0].due > now) return schedule();
    const out = [];
    while (out.length < burst && held.length > 0 && held[0].due <= now) out.push(held.shift()!);
    for (const f of out) heldBytes -= f.bytes;
    lastRelease = now;
    for (const f of out) forward(f);
    if (held.length === 0 && pendingClose) close(...pendingClose);
    schedule();
  };

  const forward = wrapSend(ws, (frame) => {
    if (closed) return forward(frame);
    if (passed < (rule.after_frames ?? 0)) {
      passed++;
      return forward(frame);
    }
    const bytes = frameBytes(frame.data);
    if (held.length >= MAX_HELD_FRAMES || heldBytes + bytes > MAX_HELD_BYTES) {
      dropFrame(frame, 'too many frames held by a ws_frame_delay fault');
      ws.terminate();
      return;
    }
    held.push({ ...frame, due: Date.now() + delay, bytes });
    heldBytes += bytes;
    schedule();
  });

  // The session's own close is a frame too: it follows the held frames. The echo of the client's close does not
  // wait (ws marks that it received one), so a client that leaves gets its close at once.
  const close = ws.close.bind(ws);
  let pendingClose: Parameters<WebSocket['close']> | undefined;
  ws.close = (...args: Parameters<WebSocket['close']>) => {
    if (held.length === 0 || (ws as unknown as { _closeFrameReceived?: boolean })._closeFrameReceived)
      return close(...args);
    pendingClose ??= args;
  };

  // A closed socket releases nothing more: the held frames are dropped and the timer cleared.
  ws.once('close', () => {
    closed = true;
    clearTimeout(timer);
    timer = undefined;
    const dropped = held;
    held = [];
    heldBytes = 0;
    for (const f of dropped) dropFrame(f, 'the WebSocket closed while the frame was held');
  });
}
