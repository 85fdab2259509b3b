/**
 * Where the areas are registered, the one way in (src/area/area.ts): the tables the /v1 router, the WebSocket
 * gateway and the admin API read at each request, filled in the order of the root's list (app/areas.ts). Boot,
 * readiness and reset walk the areas in that order; close walks them backwards.
 */
import type { AdminHandler } from '../admin/admin-context.js';
import type { Area, BootState, OrgViewSection, UpgradeStage } from '../area/area.js';
import type { MultipartLimits } from '../http/body.js';
import type { OperationHandler, Stage, WsHandler } from '../http/context.js';

export class AreaRegistry {
  readonly areas: Area[] = [];
  readonly handlers = new Map<string, OperationHandler>();
  readonly wsHandlers = new Map<string, WsHandler>();
  readonly adminHandlers = new Map<string, AdminHandler>();
  readonly uploadLimits = new Map<string, MultipartLimits>();
  /** After authentication, in list order. */
  readonly stages: Stage[] = [];
  /** Just before the handler, in list order. */
  readonly preHandlerStages: Stage[] = [];
  readonly upgradeStages: UpgradeStage[] = [];
  /** The sections areas add to an organization's admin view (`credits`...). */
  readonly orgViewParts: OrgViewSection[] = [];

  register(area: Area): void {
    this.areas.push(area);
    this.stages.push(...(area.stages ?? []));
    this.preHandlerStages.push(...(area.beforeHandler ?? []));
    this.upgradeStages.push(...(area.upgradeStages ?? []));
    this.orgViewParts.push(...(area.orgView ?? []));
    for (const [id, h] of Object.entries(area.handlers ?? {})) this.handlers.set(id, h);
    for (const [id, h] of Object.entries(area.wsHandlers ?? {})) this.wsHandlers.set(id, h);
    for (const [id, h] of Object.entries(area.adminHandlers ?? {})) this.adminHandlers.set(id, h);
    for (const [id, l] of Object.entries(area.uploadLimits ?? {})) this.uploadLimits.set(id, l);
  }

  async boot(): Promise<void> {
    for (const area of this.areas) await area.boot?.();
  }

  /** Resolves when every area's background boot work (the demo corpus) is done, failed or not. */
  async ready(): Promise<void> {
    await Promise.all(this.areas.map((a) => a.ready?.() ?? Promise.resolve()));
  }

  bootState(): Record<string, BootState> {
    return Object.assign({}, ...this.areas.map((a) => a.bootState?.() ?? {})) as Record<string, BootState>;
  }

  async reset(): Promise<void> {
    for (const area of this.areas) await area.reset?.();
  }

  /** Backwards: an area closes before the ones it was built on. */
  async close(): Promise<void> {
    for (const area of [...this.areas].reverse()) await area.close?.();
  }
}
