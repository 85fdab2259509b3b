import type { Clock } from '../core/clock.js';
import { sendJson } from '../http/context.js';
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import type { ClockUpdate } from '../contract/admin-types.js';

export function clockView(clock: Pick<Clock, 'state'>) {
  const s = clock.state();
  return {
    mode: s.mode,
    now: s.now,
    now_ms: s.nowMs,
    time_scale: s.timeScale,
    pending_timers: s.pendingTimers,
  };
}

/** Set and advance change the clock's state: with a shared store, for every instance (core/redis-clock.ts). */
export function clockAdminHandlers(clock: Clock): Record<string, AdminHandler> {
  return {
    'admin.getClock': (ctx) => sendJson(ctx, 200, clockView(clock)),
    'admin.setClock': async (ctx: AdminContext<ClockUpdate>) => {
      await clock.set({
        mode: ctx.body.mode,
        now: ctx.body.now !== undefined ? Date.parse(ctx.body.now) : undefined,
        timeScale: ctx.body.time_scale,
      });
      sendJson(ctx, 200, clockView(clock));
    },
    'admin.advanceClock': async (ctx: AdminContext<{ seconds: number }>) => {
      await clock.advance(ctx.body.seconds * 1000);
      sendJson(ctx, 200, clockView(clock));
    },
  };
}
