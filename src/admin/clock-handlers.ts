import type { Clock } from '../core/clock.js';
import { sendJson } from '../http/context.js';
import type { AdminContext, AdminHandler } from './admin-context.js';

export function clockView(clock: Clock) {
  const s = clock.state();
  return { mode: s.mode, now: s.now, now_ms: s.nowMs, time_scale: s.timeScale, pending_timers: s.pendingTimers };
}

/** With a shared store, set and advance go through the shared clock (src/core/redis-clock.ts) and apply on every instance. */
export const clockAdminHandlers: Record<string, AdminHandler> = {
  'admin.getClock': (ctx) => sendJson(ctx, 200, clockView(ctx.emulator.clock)),
  'admin.setClock': async (ctx: AdminContext<{ mode?: 'real' | 'scaled' | 'frozen'; now?: string; time_scale?: number }>) => {
    const clock = ctx.emulator.clock;
    await (clock.replica ?? clock).set({
      mode: ctx.body.mode,
      now: ctx.body.now !== undefined ? Date.parse(ctx.body.now) : undefined,
      timeScale: ctx.body.time_scale,
    });
    sendJson(ctx, 200, clockView(clock));
  },
  'admin.advanceClock': async (ctx: AdminContext<{ seconds: number }>) => {
    const clock = ctx.emulator.clock;
    await (clock.replica ?? clock).advance(ctx.body.seconds * 1000);
    sendJson(ctx, 200, clockView(clock));
  },
};
