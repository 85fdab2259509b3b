/**
 * A load, all or nothing (decisions ST-L2, ST-L6): the body spooled to a temporary file, pass 1 checks every
 * part (plan.ts) with nothing changed, then with every request held (gate.ts) the state that is about to be
 * replaced is saved beside it, and pass 2 puts the document's state in place: the whole emulator (as a reset
 * does, then each unit's import instead of the boot state) or one organization. Should pass 2 fail half way
 * (the shared store went away), the saved state is put back; should that fail too, it is kept on disk and the
 * answer names the file.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { ApiError, type ErrorCode } from '../core/errors.js';
import { storeSettled, type StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import type { MaybePromise } from '../core/maybe.js';
import { jsonPointer, type LoadResult, type SnapshotLimits } from './format.js';
import type { LoadGate } from './gate.js';
import { parseMember, Yielder } from './parse.js';
import { orgSections, readPlan, readRange, type Plan } from './plan.js';
import { spool } from './spool.js';
import type { StateChecker } from './validate.js';
import { resolveScope, writeDocument, type WriterDeps } from './writer.js';

export interface LoaderDeps {
  units: StateUnits;
  store: StateStore;
  gate: LoadGate;
  checker: StateChecker;
  limits: SnapshotLimits;
  writer: WriterDeps;
  /** Everything a reset does before its boot (Emulator.clearState): a whole load starts from there. */
  clearAll(): Promise<void>;
  /** The emulator's keys by id and by hash (the orgs state's reads): an organization's load checks ownership. */
  keyOwners: KeyOwners;
}

export interface KeyOwners {
  findKey(id: string): MaybePromise<{ orgId: string } | undefined>;
  findKeyByHash(hashHex: string): MaybePromise<{ orgId: string } | undefined>;
}

/**
 * An organization's load may not take a key (id or hash) that another organization of this emulator has
 * (decision ST-L5): refused before anything changes. A whole load replaces every organization: nothing to ask.
 */
async function checkKeyOwners(plan: Plan, owners: KeyOwners): Promise<void> {
  const scope = plan.header.scope;
  if (scope.kind !== 'organization') return;
  for (const k of plan.keys)
    for (const [field, owner] of [
      ['id', await owners.findKey(k.id)],
      ['hash', await owners.findKeyByHash(k.hash)],
    ] as const)
      if (owner && owner.orgId !== scope.org_id)
        throw new ApiError(
          'invalid_state',
          `${jsonPointer(['orgs', k.orgId, 'orgs', 'keys', String(k.index), field])}: a key with this ${field} belongs to ${owner.orgId} in this emulator; an organization's load may not take another organization's key`,
        );
}

export class Loader {
  private running = false;

  constructor(private readonly deps: LoaderDeps) {}

  async load(input: Buffer | NodeJS.ReadableStream): Promise<LoadResult> {
    if (this.running || this.deps.gate.busy)
      throw new ApiError(
        'load_in_progress',
        'a state load is already running (through this instance or another); retry once it has answered',
      );
    this.running = true;
    let dir: string | undefined;
    let keep = false;
    try {
      dir = await mkdtemp(join(tmpdir(), 'svc-emulator-state-'));
      const file = join(dir, 'load.json');
      await spool(input, file, this.deps.limits.maxBytes);
      const plan = await readPlan(file, this.deps.checker, this.deps.limits);
      await checkKeyOwners(plan, this.deps.keyOwners);
      this.deps.store.assertAvailable();
      let orgIds: string[];
      try {
        await this.deps.gate.close();
        const before = join(dir, 'before.json');
        const had = await this.backup(plan, before);
        try {
          orgIds = await this.apply(plan, file);
        } catch (err) {
          try {
            await this.restore(plan, before, had);
          } catch {
            keep = true;
            throw keptBackup(err, before);
          }
          throw err;
        }
      } finally {
        await this.deps.gate.open();
      }
      return { scope: plan.header.scope, org_ids: orgIds, includes: plan.header.includes };
    } finally {
      this.running = false;
      if (dir && !keep) await rm(dir, { recursive: true, force: true });
    }
  }

  /** Saves what the load replaces (journal and secrets included); false when the organization is new. */
  private async backup(plan: Plan, file: string): Promise<boolean> {
    const scope = plan.header.scope;
    let resolved;
    try {
      resolved = await resolveScope(this.deps.writer, scope.kind === 'emulator' ? {} : { org: scope.org_id });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_found') return false;
      throw err;
    }
    const out = createWriteStream(file);
    try {
      await writeDocument(this.deps.writer, out, resolved, { journal: true, secrets: true });
    } finally {
      out.end();
    }
    await finished(out);
    return true;
  }

  /** Pass 2: the state of the plan put in place; returns the organizations loaded, sorted. */
  private async apply(plan: Plan, file: string): Promise<string[]> {
    const { units, limits } = this.deps;
    const scope = plan.header.scope;
    const whole = scope.kind === 'emulator';
    const yielder = new Yielder();
    if (whole) {
      await this.deps.clearAll();
      await units.importShared(plan.header.shared ?? {});
    } else await units.resetOrg(scope.org_id);
    const handle = await open(file, 'r');
    try {
      for (const org of plan.orgs) {
        const sections =
          org.parsed ??
          orgSections(
            await parseMember(
              await readRange(handle, org.start, org.end),
              ['orgs', org.id],
              yielder,
              limits.maxDepth,
            ),
            org.id,
          );
        // Imported once: a unit keeps what it needs, and the rest can go before the next organization.
        org.parsed = undefined;
        await units.importOrg(org.id, sections as Record<string, unknown>, () => yielder.tick());
        await yielder.tick();
      }
    } finally {
      await handle.close();
    }
    await storeSettled(this.deps.store);
    const orgIds = plan.orgs.map((o) => o.id).sort();
    await units.tellLoaded({ orgIds, whole });
    return orgIds;
  }

  /** Puts back what `backup` saved (or, for an organization that was new, removes it again). */
  private async restore(plan: Plan, file: string, had: boolean): Promise<void> {
    const scope = plan.header.scope;
    if (!had) {
      if (scope.kind === 'organization') await this.deps.units.resetOrg(scope.org_id);
      await storeSettled(this.deps.store);
      return;
    }
    await this.apply(await readPlan(file, this.deps.checker, this.deps.limits), file);
  }
}

/** The load's failure, when putting the previous state back failed too: the file that holds it is named. */
function keptBackup(err: unknown, file: string): ApiError {
  const code: ErrorCode = err instanceof ApiError ? err.code : 'internal_error';
  const why = err instanceof Error ? err.message : String(err);
  return new ApiError(
    code,
    `${why}; the load stopped half way and putting the previous state back failed too: it is saved in ${file} (PUT it to /_emulator/state once the cause is fixed)`,
  );
}
