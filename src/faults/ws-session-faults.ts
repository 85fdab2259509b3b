/**
 * The faults an open realtime session can meet, one rule per kind (several may apply to one session):
 * `ws_close` (closes it), `ws_stall` (silences it), `ws_frame_delay` (holds its frames) and `extra_fields` (a
 * `response`-channel kind: adds fields to its JSON frames). Frames go session → extra_fields → ws_stall →
 * ws_frame_delay → ws_close's count → the socket, so a stall counts the session's frames, a delay holds only what
 * the stall let through, and ws_close counts the frames really written. With no rule, `send` is not wrapped.
 */
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.js';
import type { WsContext } from '../http/context.js';
import type { FaultKind } from './kinds.js';
import type { FaultHit, FaultStore } from './store.js';
import { armWsClose, sessionTarget } from './websocket.js';
import { armExtraFields } from './ws-extra-fields.js';
import { armFrameDelay } from './ws-frame-delay.js';
import { armStall } from './ws-stall.js';

type SessionContext = Pick<WsContext, 'operation' | 'journal' | 'testScope' | 'req'> & {
  principal: Pick<Principal, 'orgId' | 'keyId' | 'environment'>;
};

/** Taken and armed in this order (the last armed wraps `send` outermost, so sees the session's frames first). */
const FAMILIES: readonly [channel: 'websocket' | 'response', kind: FaultKind][] = [
  ['websocket', 'ws_close'],
  ['websocket', 'ws_frame_delay'],
  ['websocket', 'ws_stall'],
  ['response', 'extra_fields'],
];

export function armWsFaults(faults: FaultStore, ws: WebSocket, ctx: SessionContext): void {
  const target = sessionTarget(ctx);
  for (const [channel, kind] of FAMILIES) {
    const taken = faults.take(channel, target, [kind]);
    // A promise only for a counted rule under a shared store: armed once claimed (earlier frames pass as they are).
    if (taken instanceof Promise)
      void taken.then(
        (hit) => hit && arm(hit, ws, ctx),
        () => {},
      );
    else if (taken) arm(taken, ws, ctx);
  }
}

function arm(hit: FaultHit, ws: WebSocket, ctx: SessionContext): void {
  if (ws.readyState !== ws.OPEN) return;
  note(hit, ctx.journal);
  const rule = hit.rule;
  if (rule.kind === 'ws_close') armWsClose(hit, ws);
  else if (rule.kind === 'ws_frame_delay') armFrameDelay(rule, ws);
  else if (rule.kind === 'ws_stall') armStall(rule, ws);
  else armExtraFields(rule, ws);
}

/** The entry names one rule (the first armed); the others are added to its explanation. */
function note(hit: FaultHit, journal: WsContext['journal']): void {
  if (hit.offContract) journal.off_contract = true;
  if (!journal.fault) journal.fault = { ...hit.journal };
  else
    journal.fault.explanation += `; also ${hit.journal.rule_id} (${hit.journal.kind}): ${hit.journal.explanation}`;
}
