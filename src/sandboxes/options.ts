/**
 * A sandbox's create body (openapi/admin.yaml `SandboxCreate`, already checked by its schema) with the
 * defaults filled in, and the rules the schema cannot state. The body takes the organization operations' names
 * (`rag_entitled` of `POST /orgs`, `rag` the body of `PUT /orgs/{id}/rag`, `clock` the body of `POST /clock`);
 * the record, its view and the state document (`StateOrgSandboxes`) keep those names.
 */
import { clockStart, type ClockMode, type ClockStart } from '../core/clock-anchor.js';
import { ApiError } from '../core/errors.js';
import type { ClockUpdate, SandboxCreate } from '../contract/admin-types.js';
import { ALL_SCOPES } from '../orgs/store.js';
import { checkEndpointUrl } from '../webhooks/endpoint-url.js';
import { REGISTRABLE_EVENTS } from '../webhooks/endpoints.js';
import type { SandboxOptions } from './sandbox-state.js';

/** The create body is the document's (`SandboxCreate`), derived in contract/admin-types.ts. */
export type SandboxInput = SandboxCreate;

/** The clock a sandbox's own clock is a copy of when it is made: the emulator's, as it reads now. */
export interface ClockNow {
  mode: ClockMode;
  timeScale: number;
  nowMs: number;
}

/** The most real seconds per clock second a sandbox clock keeps (`SandboxCreate.clock.time_scale`). */
const MAX_SCALE = 1000;

/** 1.0's names in `rag` (`entitled`, `tenant`), deprecated for `rag_entitled` and `rag.state` (decision SB12). */
export function deprecatedRagNames(input: SandboxInput): string[] {
  return input.rag ? (['entitled', 'tenant'] as const).filter((k) => input.rag![k] !== undefined) : [];
}

export function normalizeOptions(input: SandboxInput, id: string, global: ClockNow): SandboxOptions {
  const old = input.rag ?? {};
  if (old.entitled !== undefined && input.rag_entitled !== undefined && old.entitled !== input.rag_entitled)
    throw new ApiError(
      'validation_failed',
      `rag.entitled (deprecated) and rag_entitled disagree: give rag_entitled only`,
    );
  if (old.tenant !== undefined && old.state !== undefined)
    throw new ApiError(
      'validation_failed',
      `rag.tenant (deprecated) and rag.state both given: give rag.state only`,
    );
  const entitled = input.rag_entitled ?? old.entitled ?? true;
  const state = old.state ?? old.tenant;
  if (!entitled && state !== undefined) {
    throw new ApiError(
      'validation_failed',
      `rag.state applies to an entitled organization only (its tenant's state): drop it or set rag_entitled to true`,
    );
  }
  const webhook = input.webhook && {
    url: checkEndpointUrl(input.webhook.url, 'webhook.url'),
    events: input.webhook.events ? [...new Set(input.webhook.events)] : [...REGISTRABLE_EVENTS],
  };
  return {
    name: input.name ?? id,
    credits: input.credits ?? null,
    test_quotas: { ...input.test_quotas },
    rag_entitled: entitled,
    rag: entitled ? { state: state ?? 'ready' } : null,
    scopes: input.scopes ? [...input.scopes] : [...ALL_SCOPES],
    webhook: webhook ?? null,
    clock: input.clock ? ownClock(input.clock, global) : null,
  };
}

/**
 * A sandbox's own clock made from a body of `POST /clock` (at the creation, or at its first set or advance): a
 * copy of the emulator's clock as it reads now, with the body applied, as `POST /clock` applies it (what the body
 * leaves out stays: `{now}` alone keeps the mode).
 */
export function ownClock(change: ClockUpdate, global: ClockNow): NonNullable<SandboxOptions['clock']> {
  const scale = change.time_scale ?? global.timeScale;
  if (scale > MAX_SCALE) {
    throw new ApiError(
      'validation_failed',
      `time_scale must be at most ${MAX_SCALE} for a sandbox clock (got ${scale}` +
        `${change.time_scale === undefined ? ", the emulator clock's" : ''}): give clock.time_scale`,
    );
  }
  return {
    mode: change.mode ?? global.mode,
    now: new Date(change.now !== undefined ? Date.parse(change.now) : global.nowMs).toISOString(),
    time_scale: scale,
  };
}

/** Where the sandbox's own clock starts, and goes back to at its reset. */
export function startOf(clock: NonNullable<SandboxOptions['clock']>): ClockStart {
  return clockStart({ mode: clock.mode, timeScale: clock.time_scale, startAt: Date.parse(clock.now) });
}
