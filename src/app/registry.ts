/**
 * Where the areas are registered, the one way in (src/area/area.ts): the tables the /v1 router, the WebSocket
 * gateway and the admin API read at each request, filled in the order of the root's list (app/areas.ts). Each
 * area's state units join the emulator's in that order, which is the order they open, load and reset in; boot,
 * readiness and reset walk the areas in that order; close walks them backwards.
 */
import type { AdminHandler } from '../admin/admin-context.js';
import type { Area, AreaParts, BuiltParts, BootState, OrgSection, UpgradeStage } from '../area/area.js';
import type { MultipartLimits } from '../http/body.js';
import type { OperationHandler, Stage, WsHandler } from '../http/context.js';
import type { StateUnits } from '../store/state-unit.js';

/** One entry of the root's list: builds an area from the parts of the areas before it. */
export type AreaFactory = (built: BuiltParts) => Area;

export class AreaRegistry implements BuiltParts {
  readonly areas: Area[] = [];
  private readonly built: Partial<AreaParts> = {};
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
  readonly orgSections: OrgSection[] = [];

  /** `units`: where the areas' state units are added, in list order. */
  constructor(private readonly units: StateUnits) {}

  /** Builds and registers the areas of `list` in its order: each factory sees the parts of those before it. */
  build(list: readonly AreaFactory[]): void {
    for (const factory of list) this.register(factory(this));
  }

  /** A part an area declared (AreaParts), by name; a part no area built yet is a mistake in the list's order. */
  part<K extends keyof AreaParts>(name: K): AreaParts[K] {
    if (!(name in this.built)) throw new Error(`no area built so far provides the part ${name}`);
    return this.built[name] as AreaParts[K];
  }

  parts<K extends keyof AreaParts>(...names: K[]): Pick<AreaParts, K> {
    return Object.fromEntries(names.map((name) => [name, this.part(name)])) as Pick<AreaParts, K>;
  }

  register(area: Area): void {
    for (const [name, part] of Object.entries(area.parts ?? {})) {
      if (name in this.built) throw new Error(`two areas provide the part ${name}`);
      (this.built as Record<string, unknown>)[name] = part;
    }
    for (const unit of area.state ?? []) this.units.add(unit);
    if (area.onLoaded) this.units.onLoaded(area.onLoaded);
    this.areas.push(area);
    this.stages.push(...(area.stages ?? []));
    this.preHandlerStages.push(...(area.beforeHandler ?? []));
    this.upgradeStages.push(...(area.upgradeStages ?? []));
    this.orgSections.push(...(area.orgSections ?? []));
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
