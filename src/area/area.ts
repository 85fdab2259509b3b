/**
 * The one shape every area plugs in through (docs/architecture.md). An area's `index.ts` exports a factory that
 * takes the narrow parts it uses and returns an Area; the root (app/areas.ts) builds them from one ordered list
 * and registers each the one way there is: handlers and admin handlers by operationId, stages by where they run,
 * organization-view sections; boot and reset walk the list in order, close walks it backwards.
 */
import type { AdminHandler } from '../admin/admin-context.js';
import type { MaybePromise } from '../core/maybe.js';
import type { MultipartLimits } from '../http/body.js';
import type { OperationHandler, Stage, WsHandler } from '../http/context.js';
import type { LoadedListener, StateUnit } from '../store/state-unit.js';

/** `indexing` until background boot work is done; `disabled` when switched off (`--no-demo-corpus`). */
export type BootState = 'indexing' | 'ready' | 'failed' | 'disabled';

/**
 * A check made before a WebSocket upgrade is accepted (rate limits, faults): it throws to refuse. Its arguments
 * are the gateway's (auth's Principal, faults' UpgradeInfo), types of layers above this one.
 */
export type UpgradeStage = (principal: any, info: any) => void | Promise<void>;

/**
 * A section an area adds to an organization's admin view (`credits`...), and the fields of it a create or update
 * of the organization writes (POST and PATCH /_emulator/orgs), so the organizations area knows none of them.
 */
export interface OrgSection {
  /** The section of the view, given the organization. */
  view(org: any): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Applies this section's fields of a create or update body, before the view is read. */
  write?(orgId: string, body: Record<string, unknown>, on: 'create' | 'update'): void;
}

/**
 * The parts areas hand to the areas built after them and to inspection (`emulator.part('metering')`), by name.
 * Each area declares its own by module augmentation in its index.ts (`declare module '../area/area.js'`), so this
 * layer names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AreaParts {}

/** The parts of the areas built so far, by name: what the next factory in the root's list takes its deps from. */
export interface BuiltParts {
  part<K extends keyof AreaParts>(name: K): AreaParts[K];
  /** Several parts at once: `const { clock, orgs } = built.parts('clock', 'orgs')`. */
  parts<K extends keyof AreaParts>(...names: K[]): Pick<AreaParts, K>;
}

export interface Area {
  name: string;
  /** What this area hands to the areas after it in the list, by name (declared in AreaParts). */
  parts?: Partial<AreaParts>;
  /**
   * The state this area owns (src/store/state-unit.ts), in the order they open, load and reset in; the root's list
   * order places them among the other areas' units.
   */
  state?: StateUnit[];
  /** Told once a load has put state back: re-arms the due work the loaded state implies, on this instance. */
  onLoaded?: LoadedListener;
  /** /v1 pipeline stages after authentication, in list order (rate limits, an area's own checks). */
  stages?: Stage[];
  /** Stages run last, just before the handler (faults, latency), in list order. */
  beforeHandler?: Stage[];
  /** Checks before a WebSocket upgrade is accepted, in list order. */
  upgradeStages?: UpgradeStage[];
  handlers?: Record<string, OperationHandler>;
  wsHandlers?: Record<string, WsHandler>;
  uploadLimits?: Record<string, MultipartLimits>;
  /** Admin operations by operationId (openapi/admin.yaml). */
  adminHandlers?: Record<string, AdminHandler>;
  /** Sections of an organization's admin view, and the fields of them a create or update writes. */
  orgSections?: OrgSection[];
  /** Loads boot state (demo data) after the demo organization exists. */
  boot?(): MaybePromise<void>;
  /** Resolves when background boot work (demo data) is done. */
  ready?(): Promise<void>;
  /** Boot work of this area by name (snake_case), for GET /_emulator/health. */
  bootState?(): Record<string, BootState>;
  /** Back to the boot state of this area, after its state units were reset (POST /_emulator/reset). */
  reset?(): MaybePromise<void>;
  close?(): MaybePromise<void>;
}
