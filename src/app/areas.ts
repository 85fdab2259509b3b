import type { OperationHandler, Stage, WsHandler } from '../http/context.js';
import type { MultipartLimits } from '../http/body.js';
import type { AdminHandler } from '../admin/admin-context.js';

/**
 * A product area (tts, stt, rag...) plugs into the gateway through this shape: handlers for /v1
 * operations and admin operations, keyed by operationId from the OpenAPI documents, and a reset.
 */
export interface ProductArea {
  name: string;
  /** Stages of the /v1 pipeline this area adds, after the emulator's own (in the order given). */
  stages?: Stage[];
  handlers?: Record<string, OperationHandler>;
  wsHandlers?: Record<string, WsHandler>;
  adminHandlers?: Record<string, AdminHandler>;
  uploadLimits?: Record<string, MultipartLimits>;
  /** Back to the boot state of this area (called by POST /_emulator/reset). */
  reset?(): void | Promise<void>;
  /** Loads boot state (demo data) after the organizations exist. */
  boot?(): void | Promise<void>;
  close?(): void | Promise<void>;
  /** Resolves when background boot work (demo data) is done. */
  ready?(): Promise<void>;
  /** Boot work of this area by name (snake_case), for GET /_emulator/health. */
  bootState?(): Record<string, BootState>;
}

/** `indexing` until background boot work is done; `disabled` when switched off (`--no-demo-corpus`). */
export type BootState = 'indexing' | 'ready' | 'failed' | 'disabled';
