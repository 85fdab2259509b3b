/**
 * A sandbox in a snapshot (issue 25): the `sandboxes` section of its organization holds the sandbox whose
 * `org_id` it is, its record and its clock's state, so an organization-scoped document of a sandbox's
 * organization carries the sandbox. The records are in no shared section (a whole export holds each once).
 * Shared by both implementations of SandboxState.
 */
import type { ClockAnchor } from '../core/clock-anchor.js';
import type { OrgClocks } from '../core/clocks.js';
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { ExportOptions, StateProblem } from '../store/state-unit.js';
import type { SandboxRecord } from './sandbox-state.js';

/** What the sandboxes unit needs beyond its records: the clocks it exports and loads, the seed it derives from. */
export interface SandboxStateDeps {
  clocks: Pick<OrgClocks, 'own'>;
  /** The emulator's seed (`--seed`). */
  seed: string;
}

/** One organization's section: its sandbox (`seed` left out without secrets) and its own clock, if any. */
export interface SandboxOrgExport {
  sandbox: Omit<SandboxRecord, 'seed'> & { seed?: string };
  /** The sandbox clock's state (clock-anchor.ts savedAnchor); null when it follows the emulator's. */
  clock: ClockAnchor | null;
}

/** A sandbox's seed: keys and its webhook secret derive from it (as at its creation, service.ts). */
export function sandboxSeed(emulatorSeed: string, sandboxId: string): string {
  return `${emulatorSeed}:${sandboxId}`;
}

export function sandboxOrgExport(
  record: SandboxRecord | undefined,
  deps: SandboxStateDeps,
  options: ExportOptions = {},
): MaybePromise<SandboxOrgExport | undefined> {
  if (!record) return undefined;
  const { seed, ...rest } = structuredClone(record);
  const sandbox = options.secrets === false ? rest : { ...rest, seed };
  const clock = record.clock ? deps.clocks.own(record.org_id) : undefined;
  if (!clock) return { sandbox, clock: null };
  return andThen(clock.timeState.exportShared(), (anchor) => ({ sandbox, clock: anchor }));
}

/** The record a section loads: a seed derived from the emulator's seed and the id when it was left out. */
export function importedRecord(data: unknown, deps: SandboxStateDeps): SandboxRecord {
  const { sandbox } = data as SandboxOrgExport;
  return { ...structuredClone(sandbox), seed: sandbox.seed ?? sandboxSeed(deps.seed, sandbox.id) };
}

/** Once the record is in and its clock attached (by the service, on every instance): the clock at its saved state. */
export function importClock(orgId: string, data: unknown, deps: SandboxStateDeps): MaybePromise<void> {
  const { clock } = data as SandboxOrgExport;
  const own = clock ? deps.clocks.own(orgId) : undefined;
  return own?.timeState.importShared(clock);
}

/** What the schema cannot say: the sandbox is the section's organization's, and has a clock exactly when it says so. */
export function checkSandboxOrg(orgId: string, data: unknown): StateProblem | null {
  const { sandbox, clock } = data as SandboxOrgExport;
  if (sandbox.org_id !== orgId)
    return { path: '/sandbox/org_id', message: `must be ${orgId}, the section's organization` };
  if ((sandbox.clock === null) !== (clock === null))
    return {
      path: '/clock',
      message: sandbox.clock
        ? 'the sandbox has a clock of its own: its state is required'
        : 'must be null: the sandbox follows the emulator clock',
    };
  if ((sandbox.options.clock === null) !== (sandbox.clock === null))
    return { path: '/sandbox/clock', message: 'must be null exactly when options.clock is' };
  if ((sandbox.options.webhook === null) !== (sandbox.webhook_endpoint_id === null))
    return { path: '/sandbox/webhook_endpoint_id', message: 'must be null exactly when options.webhook is' };
  return null;
}
