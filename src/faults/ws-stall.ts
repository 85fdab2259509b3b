/**
 * `ws_stall`: after `after_frames` server frames the session goes silent with its socket open — no more frames,
 * pings unanswered, the client's frames ignored (the session is halted: SESSION_HALT) — until the client closes
 * the socket or HANG_LIMIT_MS of wall time passes, when the socket is dropped as a dead peer would be.
 */
import type { WebSocket } from 'ws';
import { SESSION_HALT } from '../http/socket-registry.js';
import { HANG_LIMIT_MS } from './stage.js';
import type { FaultRule } from './store.js';
import { dropFrame, wrapSend } from './ws-send.js';

export function armStall(rule: FaultRule, ws: WebSocket): void {
  const after = rule.after_frames ?? 0;
  let sent = 0;
  let stalled = false;
  const stall = () => {
    if (stalled || ws.readyState !== ws.OPEN) return;
    stalled = true;
    // ws answers pings itself through this method (its autoPong is per server): silence it for this socket only.
    ws.pong = ((_data?: unknown, _mask?: unknown, cb?: unknown) => {
      if (typeof cb === 'function') process.nextTick(cb);
    }) as typeof ws.pong;
    ws.emit(SESSION_HALT);
    const limit = setTimeout(() => ws.terminate(), HANG_LIMIT_MS);
    ws.once('close', () => clearTimeout(limit));
  };
  const forward = wrapSend(ws, (frame) => {
    if (!stalled && sent < after) {
      sent++;
      forward(frame);
      // Frame N went out: silence from now on (pings included), not from the next frame the session tries.
      if (sent === after) stall();
      return;
    }
    stall();
    dropFrame(frame, 'the session is stalled by a ws_stall fault');
  });
  // With no frame to wait for, the stall starts now: once the session is listening for it (the handler runs next).
  if (after === 0) setImmediate(stall);
}
