/**
 * WebSocket faults: request faults at the upgrade (an error refuses the handshake; latency delays it; reset
 * and hang take the socket), and `ws_close`, which closes an open session with a chosen code after N
 * frames (both directions) or N seconds of PCM audio received (realtime STT, at the start frame's rate).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.js';
import type { WsContext } from '../http/context.js';
import type { Metering } from '../metering/index.js';
import { htmlErrorStatus, writeHtmlToSocket } from './html-page.js';
import { requestFaultRule } from './header.js';
import { FaultAbort, HANG_LIMIT_MS, injectedError } from './stage.js';
import type { FaultHit, FaultStore, FaultTarget } from './store.js';

export interface UpgradeInfo {
  operationId: string;
  path: string;
  testScope: string | null;
  socket: Duplex;
  journal: WsContext['journal'];
  /** The upgrade request: it carries the `X-Emulator-Fault` rule, if any (src/faults/header.ts). */
  req?: IncomingMessage;
}

export function faultUpgradeStage(faults: FaultStore, metering: Metering) {
  return async (
    principal: Pick<Principal, 'orgId' | 'keyId' | 'environment'>,
    info: UpgradeInfo,
  ): Promise<void> => {
    const hit = await faults.take('request', {
      operation: info.operationId,
      method: 'GET',
      path: info.path,
      orgId: principal.orgId,
      keyId: principal.keyId,
      environment: principal.environment,
      scope: info.testScope,
      requestRule: info.req && requestFaultRule(info.req),
    });
    if (!hit) return;
    info.journal.fault = hit.journal;
    info.journal.off_contract = hit.offContract;
    const rule = hit.rule;
    if (rule.kind === 'error') throw injectedError(hit, metering, principal);
    if (rule.kind === 'html_error') {
      info.journal.status = htmlErrorStatus(rule);
      writeHtmlToSocket(info.socket, info.journal.status);
      throw new FaultAbort();
    }
    if (rule.kind === 'latency') {
      await new Promise((r) =>
        setTimeout(r, (rule.latency_ms ?? 0) + (rule.jitter_ms ? faults.jitter(rule.jitter_ms) : 0)),
      );
      return;
    }
    if (rule.kind === 'hang') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HANG_LIMIT_MS);
        info.socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    info.socket.destroy();
    throw new FaultAbort();
  };
}

/** What a session's rules match on: its operation, key and scope, and a rule from the upgrade's fault header. */
export function sessionTarget(
  ctx: Pick<WsContext, 'operation' | 'testScope'> & {
    req?: IncomingMessage;
    principal: Pick<Principal, 'orgId' | 'keyId' | 'environment'>;
  },
): FaultTarget {
  return {
    operation: ctx.operation.operationId,
    method: 'GET',
    path: ctx.operation.path,
    orgId: ctx.principal.orgId,
    keyId: ctx.principal.keyId,
    environment: ctx.principal.environment,
    scope: ctx.testScope,
    // A fault from the upgrade's X-Emulator-Fault header (or its query parameter), with --fault-header.
    requestRule: ctx.req && requestFaultRule(ctx.req),
  };
}

/** Arms a `ws_close` rule on a new session, if one matches. */
export function armWsCloseFault(
  faults: FaultStore,
  ws: WebSocket,
  ctx: Pick<WsContext, 'operation' | 'journal' | 'testScope'> & {
    req?: IncomingMessage;
    principal: Pick<Principal, 'orgId' | 'keyId' | 'environment'>;
  },
): void {
  const taken = faults.take('websocket', sessionTarget(ctx), ['ws_close']);
  // A promise only for a counted rule under a shared store: armed once claimed (frames before it are not counted).
  if (taken instanceof Promise)
    void taken.then(
      (hit) => hit && armHit(hit, ws, ctx),
      () => {},
    );
  else if (taken) armHit(taken, ws, ctx);
}

function armHit(hit: FaultHit, ws: WebSocket, ctx: Pick<WsContext, 'journal'>): void {
  ctx.journal.fault = hit.journal;
  armWsClose(hit, ws);
}

/** Arms a taken `ws_close` hit (the journal is the caller's: see armWsFaults). */
export function armWsClose(hit: FaultHit, ws: WebSocket): void {
  const rule = hit.rule;
  const code = rule.close_code ?? 1011;
  let frames = 0;
  let audioBytes = 0;
  let sampleRate = 16000;
  const fire = () => {
    if (ws.readyState !== ws.OPEN) return;
    ws.close(code, (rule.reason ?? `fault ${rule.id}`).slice(0, 120));
  };
  const countFrame = () => {
    frames++;
    if (rule.after_frames !== undefined && frames >= rule.after_frames) fire();
  };
  if (rule.after_frames === undefined && rule.after_audio_seconds === undefined) {
    setImmediate(fire);
    return;
  }
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      audioBytes += data.length;
      if (rule.after_audio_seconds !== undefined && audioBytes / 2 / sampleRate >= rule.after_audio_seconds)
        fire();
    } else {
      const rate = /"sample_rate"\s*:\s*(\d+)/.exec(data.toString('utf8'))?.[1];
      if (rate) sampleRate = Number(rate);
    }
    countFrame();
  });
  const send = ws.send.bind(ws);
  ws.send = ((data: any, ...rest: any[]) => {
    (send as any)(data, ...rest);
    countFrame();
  }) as typeof ws.send;
}
