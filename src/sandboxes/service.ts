/**
 * The sandboxes' rules (issue 24, /work design i24): create, list, get, delete, reset, and each sandbox's own
 * clock. A sandbox is an organization plus what it was created with (its record); its reset wipes the
 * organization's state in every area (`StateUnits.resetOrg`) and builds it again from the record, and touches
 * nothing else.
 */
import { CLOSE } from '../http/ws-close-codes.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { MaybePromise } from '../core/maybe.js';
import { IdFactory } from '../core/random.js';
import { ApiError } from '../core/errors.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { OrgStore } from '../orgs/store.js';
import type { StateUnits } from '../store/state-unit.js';
import type { SandboxLookup } from './lookup.js';
import { materialize, type MaterializeDeps, type Secrets } from './materialize.js';
import type { ClockUpdate } from '../contract/admin-types.js';
import { normalizeOptions, ownClock, startOf, type ClockNow, type SandboxInput } from './options.js';
import { sandboxSeed } from './sandbox-org-part.js';
import { clockStateId, type SandboxEvent, type SandboxRecord, type SandboxState } from './sandbox-state.js';

/** At most this many sandboxes per emulator (409 `sandbox_limit`). */
export const SANDBOX_LIMIT = 10_000;

/** Close codes of a sandbox's open WebSockets (decision D12). */

export interface SandboxServiceDeps extends MaterializeDeps {
  state: SandboxState;
  lookup: SandboxLookup;
  orgs: MaterializeDeps['orgs'] & Pick<OrgStore, 'assertWritable' | 'listKeys'>;
  /** The emulator's clock: creation times, and where a sandbox clock starts unless told. */
  clock: Clock;
  clocks: OrgClocks;
  ids: IdFactory;
  units: Pick<StateUnits, 'resetOrg'>;
  sockets: Pick<SocketRegistry, 'closeForKeys'>;
  /** The emulator's seed (`--seed`): each sandbox's seed derives from it and the sandbox id. */
  seed: string;
}

export interface CreatedSandbox {
  record: SandboxRecord;
  secrets: Secrets;
}

export class SandboxService implements SandboxLookup {
  constructor(private readonly deps: SandboxServiceDeps) {
    deps.state.onEvent((event) => this.follow(event));
  }

  async create(input: SandboxInput): Promise<CreatedSandbox> {
    const { state, ids, clock } = this.deps;
    state.assertWritable();
    this.deps.orgs.assertWritable();
    if (state.count() >= SANDBOX_LIMIT) throw limitReached();
    const id = ids.next('sbx', 16);
    const options = normalizeOptions(input, id, this.emulatorClock());
    const seed = sandboxSeed(this.deps.seed, id);
    const own = new IdFactory(seed);
    const record: SandboxRecord = {
      id,
      org_id: ids.next('org', 16),
      created_at: clock.isoNow(),
      seed,
      options,
      key_ids: { live: own.next('key', 16), test: own.next('key', 16) },
      webhook_endpoint_id: options.webhook ? own.next('we') : null,
      clock: options.clock ? { start: startOf(options.clock) } : null,
    };
    // The record first: its clock is attached (on every instance) before anything of the org reads the time.
    if (!(await state.add(record, SANDBOX_LIMIT))) throw limitReached();
    try {
      return { record, secrets: await materialize(this.deps, record) };
    } catch (err) {
      // What was made goes with the record; the first failure is the one to report.
      await this.delete(id).catch(() => undefined);
      throw err;
    }
  }

  list(): SandboxRecord[] {
    return this.deps.state.list();
  }

  async get(id: string): Promise<SandboxRecord> {
    const record = await this.deps.state.find(id);
    if (!record) throw new ApiError('not_found', `no sandbox ${id}`);
    return record;
  }

  /** Its state in every area, its clock and the record go; its open WebSockets close with 4410. */
  async delete(id: string): Promise<void> {
    const record = await this.get(id);
    this.deps.state.assertWritable();
    // The record first: every instance closes the sandbox's sockets with 4410 and detaches its clock (follow).
    await this.deps.state.remove(id);
    await this.deps.units.resetOrg(record.org_id);
  }

  /** Back to the state it was created in: same ids and keys, its clock at its start, nothing else touched. */
  async reset(id: string): Promise<SandboxRecord> {
    const record = await this.get(id);
    this.deps.state.assertWritable();
    this.deps.orgs.assertWritable();
    // Every instance closes its sockets and drops its clock's timers first, so none fires on state that goes.
    await this.deps.state.resetting(id);
    await this.deps.units.resetOrg(record.org_id);
    const clock = this.deps.clocks.own(record.org_id);
    const back = clock?.timeState.reset();
    if (back) await back;
    await materialize(this.deps, record);
    return record;
  }

  /** The sandbox's own clock; 409 when it follows the emulator's. */
  async clockOf(id: string): Promise<Clock> {
    const record = await this.get(id);
    const clock = record.clock ? this.deps.clocks.own(record.org_id) : undefined;
    if (!clock) {
      throw new ApiError(
        'sandbox_without_clock',
        `sandbox ${id} follows the emulator's clock (/_emulator/clock): setting or advancing its clock ` +
          `(POST /_emulator/sandboxes/${id}/clock, …/clock/advance) gives it one of its own`,
      );
    }
    return clock;
  }

  /**
   * As `POST /_emulator/clock`, except that a sandbox's clock never moves back (422 naming `now`). A sandbox
   * that follows the emulator's clock gets its own: a copy of the emulator's with `change` applied.
   */
  async setClock(id: string, change: ClockUpdate): Promise<Clock> {
    const record = await this.get(id);
    // Until it has its own, the sandbox's time is the emulator's: that is what `now` may not go back from.
    const current = (record.clock && this.deps.clocks.own(record.org_id)) || this.deps.clock;
    const now = change.now !== undefined ? Date.parse(change.now) : undefined;
    if (now !== undefined && now < current.now()) {
      throw new ApiError(
        'invalid_clock_change',
        `now (${change.now}) is before the sandbox clock's time (${current.isoNow()}): a sandbox clock only ` +
          `moves forward; reset the sandbox (POST /_emulator/sandboxes/${id}/reset) to go back to its start`,
      );
    }
    const { clock, made } = await this.ownClock(id, change);
    if (!made) await clock.set({ mode: change.mode, now, timeScale: change.time_scale });
    return clock;
  }

  /** Moves the sandbox's own clock; one that follows the emulator's gets its own first (a copy of it). */
  async advanceClock(id: string, seconds: number): Promise<Clock> {
    const { clock } = await this.ownClock(id, {});
    await clock.advance(seconds * 1000);
    return clock;
  }

  /**
   * The sandbox's own clock, given to it first when it follows the emulator's: a copy of the emulator's clock
   * with `change` applied, kept in its record as if it had been created with it (a reset returns it there).
   * `made` when this call gave it (`change` is then its state already).
   */
  private async ownClock(id: string, change: ClockUpdate): Promise<{ clock: Clock; made: boolean }> {
    const record = await this.get(id);
    if (record.clock) return { clock: await this.clockOf(id), made: false };
    this.deps.state.assertWritable();
    const clock = ownClock(change, this.emulatorClock());
    const given = await this.deps.state.giveClock({
      ...record,
      options: { ...record.options, clock },
      clock: { start: startOf(clock) },
    });
    if (!given) throw new ApiError('not_found', `no sandbox ${id}`);
    return { clock: await this.clockOf(id), made: given.given };
  }

  private emulatorClock(): ClockNow {
    const { mode, timeScale, nowMs } = this.deps.clock.state();
    return { mode, timeScale, nowMs };
  }

  orgOf(id: string): MaybePromise<string> {
    return this.deps.lookup.orgOf(id);
  }

  sandboxOf(orgId: string): string | undefined {
    return this.deps.lookup.sandboxOf(orgId);
  }

  /**
   * Every instance follows the records: a sandbox's clock is attached while its record exists (and, with
   * Redis, has read its time from there before the sandbox counts as known here).
   */
  private follow(event: SandboxEvent): void | Promise<void> {
    if (event.type === 'created' || event.type === 'changed') {
      const { record } = event;
      if (!record.clock) {
        // A load put back a record saved before the sandbox got its clock.
        if (event.type === 'changed') this.deps.clocks.detach(record.org_id);
        return;
      }
      const clock = this.deps.clocks.attach(record.org_id, clockStateId(record.id), record.clock.start);
      return clock.timeState.open?.();
    } else if (event.type === 'resetting') {
      this.closeSockets(event.record, CLOSE.reset, 'the sandbox was reset');
      this.deps.clocks.own(event.record.org_id)?.clearTimers();
    } else if (event.type === 'deleted') {
      this.closeSockets(event.record, CLOSE.sandboxDeleted, 'the sandbox was deleted');
      this.deps.clocks.detach(event.record.org_id);
    } else {
      for (const record of event.records) this.deps.clocks.detach(record.org_id);
    }
  }

  private closeSockets(record: SandboxRecord, code: number, reason: string): void {
    const keyIds = this.deps.orgs.listKeys(record.org_id).map((k) => k.id);
    this.deps.sockets.closeForKeys(keyIds, code, reason);
  }
}

function limitReached(): ApiError {
  return new ApiError(
    'sandbox_limit',
    `at most ${SANDBOX_LIMIT} sandboxes per emulator: delete one (DELETE /_emulator/sandboxes/{id}) or reset the emulator`,
  );
}
