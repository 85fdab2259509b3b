/**
 * A sandbox's create body (openapi/admin.yaml `SandboxCreate`, already checked by its schema) with the
 * defaults filled in, and the rules the schema cannot state.
 */
import { clockStart, type ClockStart } from '../core/clock-anchor.js';
import { ApiError } from '../core/errors.js';
import type { SandboxCreate } from '../contract/admin-types.js';
import { ALL_SCOPES } from '../orgs/store.js';
import { checkEndpointUrl } from '../webhooks/endpoint-url.js';
import { REGISTRABLE_EVENTS } from '../webhooks/endpoints.js';
import type { SandboxOptions } from './sandbox-state.js';

/** The create body is the document's (`SandboxCreate`), derived in contract/admin-types.ts. */
export type SandboxInput = SandboxCreate;

/** `globalNow`: the emulator clock's time, where a sandbox clock starts unless `clock.now` is given. */
export function normalizeOptions(input: SandboxInput, id: string, globalNow: number): SandboxOptions {
  const entitled = input.rag?.entitled ?? true;
  if (!entitled && input.rag?.tenant !== undefined) {
    throw new ApiError(
      'validation_failed',
      `rag.tenant applies to an entitled organization only: drop it or set rag.entitled to true`,
    );
  }
  const webhook = input.webhook && {
    url: checkEndpointUrl(input.webhook.url, 'webhook.url'),
    events: input.webhook.events ? [...new Set(input.webhook.events)] : [...REGISTRABLE_EVENTS],
  };
  const clock = input.clock && {
    mode: input.clock.mode,
    now: new Date(input.clock.now !== undefined ? Date.parse(input.clock.now) : globalNow).toISOString(),
    time_scale: input.clock.time_scale ?? 1,
  };
  return {
    name: input.name ?? id,
    credits: input.credits ?? null,
    test_quotas: { ...input.test_quotas },
    rag: { entitled, tenant: entitled ? (input.rag?.tenant ?? 'ready') : null },
    scopes: input.scopes ? [...input.scopes] : [...ALL_SCOPES],
    webhook: webhook ?? null,
    clock: clock ?? null,
  };
}

/** Where the sandbox's own clock starts, and goes back to at its reset. */
export function startOf(clock: NonNullable<SandboxOptions['clock']>): ClockStart {
  return clockStart({ mode: clock.mode, timeScale: clock.time_scale, startAt: Date.parse(clock.now) });
}
