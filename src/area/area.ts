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

/** `indexing` until background boot work is done; `disabled` when switched off (`--no-demo-corpus`). */
export type BootState = 'indexing' | 'ready' | 'failed' | 'disabled';

/**
 * A check made before a WebSocket upgrade is accepted (rate limits, faults): it throws to refuse. Its arguments
 * are the gateway's (auth's Principal, faults' UpgradeInfo), types of layers above this one.
 */
export type UpgradeStage = (principal: any, info: any) => void | Promise<void>;

/** A section an area adds to an organization's admin view (`credits`...), given the organization. */
export type OrgViewSection = (org: any) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface Area {
  name: string;
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
  /** Sections of an organization's admin view. */
  orgView?: OrgViewSection[];
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
