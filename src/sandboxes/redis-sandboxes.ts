/**
 * The sandboxes' records in Redis (sandbox-state.ts): one hash in the store's generation (a whole reset
 * retires it for every instance at once), and every instance keeps every record at hand (a MemorySandboxes
 * whose listeners attach the sandboxes' clocks here).
 *
 * A create, delete or clock given through one instance holds for all before it answers: the write and its event
 * (`sandboxes.created` / `sandboxes.deleted` / `sandboxes.changed`) are one script, and the writer waits until every other live
 * instance has applied the event (its clock attached and read from Redis, or its sockets closed and clock
 * detached) and acknowledged it, like the store's flush barrier (src/store/barrier.ts) and within the same
 * wait. An instance that did not answer in time still finds the sandbox: `find` loads a record on a miss.
 */
import type { Redis } from 'ioredis';
import type { MaybePromise } from '../core/maybe.js';
import { Acknowledged } from '../store/acknowledged.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { MemorySandboxes } from './memory-sandboxes.js';
import type { OrgStatePart } from '../store/state-unit.js';
import {
  checkSandboxOrg,
  importClock,
  importedRecord,
  sandboxOrgExport,
  type SandboxStateDeps,
} from './sandbox-org-part.js';
import {
  clockStateId,
  type SandboxListener,
  type SandboxRecord,
  type SandboxState,
} from './sandbox-state.js';

/**
 * KEYS: records hash. ARGV: id, json, limit, channel, message. Returns 0 at the limit (nothing written), else
 * 1 + the number of subscribers the event reached (every instance's, this one's included).
 */
const SANDBOX_ADD = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1 + redis.call('PUBLISH', ARGV[4], ARGV[5])`;

/** KEYS: records hash. ARGV: id, channel, message. Returns as SANDBOX_ADD; 0 when there is no such record. */
const SANDBOX_RESETTING = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
return 1 + redis.call('PUBLISH', ARGV[2], ARGV[3])`;

/**
 * KEYS: records hash. ARGV: id, json (the record with its clock), channel, message. Writes the record unless the
 * sandbox has a clock already. Returns {1 + subscribers reached, json} when written, {0, the stored record} when
 * it had a clock, {0} when there is no such sandbox.
 */
const SANDBOX_GIVE_CLOCK = `
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if not stored then return {0} end
if type(cjson.decode(stored).clock) == 'table' then return {0, stored} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return {1 + redis.call('PUBLISH', ARGV[3], ARGV[4]), ARGV[2]}`;

/** KEYS: records hash, the sandbox's clock. ARGV: id, channel, message. Returns as SANDBOX_ADD; 0 when there was none. */
const SANDBOX_REMOVE = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('DEL', KEYS[2])
return 1 + redis.call('PUBLISH', ARGV[2], ARGV[3])`;

interface SandboxScripts {
  svcSandboxAdd(k: string, id: string, json: string, limit: number, ch: string, msg: string): Promise<number>;
  svcSandboxRemove(k: string, clock: string, id: string, ch: string, msg: string): Promise<number>;
  svcSandboxResetting(k: string, id: string, ch: string, msg: string): Promise<number>;
  svcSandboxGiveClock(
    k: string,
    id: string,
    json: string,
    ch: string,
    msg: string,
  ): Promise<[number, string?]>;
}

export class RedisSandboxes implements SandboxState {
  readonly name = 'sandboxes';
  private readonly local: MemorySandboxes;
  /** The generation the local copy belongs to: a whole reset through this instance deletes that one's keys. */
  private gen: number;
  /** Writes held until the other instances acknowledge them. */
  private readonly acks: Acknowledged;

  readonly perOrg: OrgStatePart;

  constructor(
    private readonly store: RedisStore,
    deps: SandboxStateDeps,
  ) {
    this.local = new MemorySandboxes(deps);
    this.acks = new Acknowledged(store, 'sandboxes.ack');
    this.perOrg = {
      ids: () => this.local.perOrg.ids(),
      reset: () => {},
      // The clock's state is read from Redis (RedisClockState.exportShared); the record is every instance's.
      export: (orgId, options) => sandboxOrgExport(this.local.ofOrg(orgId), deps, options),
      import: async (orgId, data) => {
        await this.put(importedRecord(data, deps));
        await importClock(orgId, data, deps);
      },
      check: (orgId, data) => checkSandboxOrg(orgId, data),
    };
    this.gen = store.generation;
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis(): Redis & SandboxScripts {
    defineOnce(this.store.redis, 'svcSandboxAdd', 1, SANDBOX_ADD);
    defineOnce(this.store.redis, 'svcSandboxRemove', 2, SANDBOX_REMOVE);
    defineOnce(this.store.redis, 'svcSandboxResetting', 1, SANDBOX_RESETTING);
    defineOnce(this.store.redis, 'svcSandboxGiveClock', 1, SANDBOX_GIVE_CLOCK);
    return this.store.redis as Redis & SandboxScripts;
  }

  private hash(gen = this.store.generation): string {
    return this.store.scopedKey('sandboxes', gen);
  }

  private clockKey(id: string): string {
    return this.store.key(clockStateId(id));
  }

  async open(): Promise<void> {
    this.gen = this.store.generation;
    await this.load();
  }

  /** Everything in Redis into the local copy: at open, and after the subscriber reconnects (events may be lost). */
  private async load(): Promise<void> {
    const all = await this.store.run(() => this.store.redis.hgetall(this.hash()));
    for (const record of this.local.list()) if (!(record.id in all)) await this.local.remove(record.id);
    for (const json of Object.values(all)) await this.take(JSON.parse(json) as SandboxRecord);
  }

  private async take(record: SandboxRecord): Promise<void> {
    await this.local.put(record);
  }

  /**
   * A loaded record (issue 25): written over any of the same id and told to every instance as a create (each
   * attaches its clock, or keeps it and takes the record), waited for as a create is. Another sandbox of the
   * same organization goes first.
   */
  private async put(record: SandboxRecord): Promise<void> {
    const other = this.local.ofOrg(record.org_id);
    if (other && other.id !== record.id) await this.remove(other.id);
    await this.add(record, Number.MAX_SAFE_INTEGER);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  get(id: string): SandboxRecord | undefined {
    return this.local.get(id);
  }

  ofOrg(orgId: string): SandboxRecord | undefined {
    return this.local.ofOrg(orgId);
  }

  /** At hand, or in Redis (a sandbox another instance made, whose event has not reached this one yet). */
  find(id: string): MaybePromise<SandboxRecord | undefined> {
    return this.local.get(id) ?? this.load1(id);
  }

  private async load1(id: string): Promise<SandboxRecord | undefined> {
    const json = await this.store.run(() => this.store.redis.hget(this.hash(), id));
    if (json === null) return undefined;
    await this.take(JSON.parse(json) as SandboxRecord);
    return this.local.get(id);
  }

  list(): SandboxRecord[] {
    return this.local.list();
  }

  count(): number {
    return this.local.count();
  }

  async add(record: SandboxRecord, limit: number): Promise<boolean> {
    this.store.assertAvailable();
    const json = JSON.stringify(record);
    const added = await this.forAll((token) =>
      this.redis.svcSandboxAdd(
        this.hash(),
        record.id,
        json,
        limit,
        this.store.channel,
        this.store.message('sandboxes.created', { record, token }),
      ),
    );
    if (added === 0) return false;
    await this.take(record);
    return true;
  }

  async giveClock(record: SandboxRecord): Promise<{ record: SandboxRecord; given: boolean } | undefined> {
    this.store.assertAvailable();
    let stored: string | undefined;
    const written = await this.forAll(async (token) => {
      const [reached, json] = await this.redis.svcSandboxGiveClock(
        this.hash(),
        record.id,
        JSON.stringify(record),
        this.store.channel,
        this.store.message('sandboxes.changed', { record, token }),
      );
      stored = json;
      return reached;
    });
    if (stored === undefined) {
      await this.local.remove(record.id);
      return undefined;
    }
    // Written here, or the clock another instance gave first: either way this instance runs it from now on.
    const now = JSON.parse(stored) as SandboxRecord;
    const here = await (this.local.get(now.id) ? this.local.giveClock(now) : this.take(now));
    return { record: here?.record ?? now, given: written > 0 };
  }

  async resetting(id: string): Promise<void> {
    this.store.assertAvailable();
    await this.forAll((token) =>
      this.redis.svcSandboxResetting(
        this.hash(),
        id,
        this.store.channel,
        this.store.message('sandboxes.resetting', { id, token }),
      ),
    );
    await this.local.resetting(id);
  }

  async remove(id: string): Promise<boolean> {
    this.store.assertAvailable();
    const removed = await this.forAll((token) =>
      this.redis.svcSandboxRemove(
        this.hash(),
        this.clockKey(id),
        id,
        this.store.channel,
        this.store.message('sandboxes.deleted', { id, token }),
      ),
    );
    const here = await this.local.remove(id);
    return removed > 0 || here;
  }

  onEvent(listener: SandboxListener): void {
    this.local.onEvent(listener);
  }

  /** A whole reset through this instance: the old generation's records go, and the sandboxes' clocks with them. */
  async reset(): Promise<void> {
    const old = this.hash(this.gen);
    await this.store.run(async () => {
      const ids = await this.store.redis.hkeys(old);
      await this.store.redis.del(old, ...ids.map((id) => this.clockKey(id)));
    });
    this.gen = this.store.generation;
    await this.local.reset();
  }

  /** A write whose script publishes an event carrying `token` (`1 +` the subscribers reached), held for all. */
  private forAll(write: (token: string) => Promise<number>): Promise<number> {
    // The subscribers reached, less this instance's own.
    return this.acks.forAll(write, (result) => Math.max(0, result - 2));
  }

  private receive(m: StoreMessage): void {
    const data = m.data as { record?: SandboxRecord; id?: string; token?: string } | undefined;
    if (m.type === 'sandboxes.created' && data?.record) {
      this.acknowledge(this.take(data.record), data.token);
    } else if (m.type === 'sandboxes.changed' && data?.record) {
      const { record } = data;
      this.acknowledge(
        this.local.get(record.id) ? this.local.giveClock(record) : this.take(record),
        data.token,
      );
    } else if (m.type === 'sandboxes.resetting' && data?.id) {
      this.acknowledge(this.local.resetting(data.id), data.token);
    } else if (m.type === 'sandboxes.deleted' && data?.id) {
      this.acknowledge(this.local.remove(data.id), data.token);
    } else if (m.type === 'sandboxes.ack' && data?.token) {
      this.acks.received(data.token);
    } else if (m.type === 'reset') {
      // The store moved to the new generation before this handler: the copy of the old one goes.
      this.gen = this.store.generation;
      void Promise.resolve(this.local.reset()).catch(logFailure);
    }
  }

  private acknowledge(applied: MaybePromise<unknown>, token: string | undefined): void {
    this.acks.acknowledge(applied, token, logFailure);
  }
}

function logFailure(err: unknown): void {
  console.error('[svc-emulator] applying a sandbox change from another instance failed:', err);
}
