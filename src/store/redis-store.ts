/**
 * The Redis store (`--store redis://HOST:PORT/DB`): one command connection, one subscriber connection for
 * the events channel, a heartbeat per instance. Commands fail fast while Redis is away (no offline queue),
 * so a request answers 502 `upstream_error` at once instead of hanging (docs/scaling.md).
 */
import type { Redis, RedisOptions } from 'ioredis';
import { waitAtMost } from '../core/wait-at-most.js';
import { StoreBarriers } from './barrier.js';
import { StoreOutbox, isReplyError } from './outbox.js';
import { StallWatch } from './stall-watch.js';
import { WritesInFlight } from './writes-in-flight.js';
import {
  StoreUnavailableError,
  compareVersions,
  describeStoreUrl,
  isCommandTimeout,
  storeDownError,
  storeNamespace,
  type InstanceInfo,
  type StateStore,
  type StoreStatus,
} from './state-store.js';

/** How often an instance says it is alive, and how long it counts as seen (wall time: infrastructure, not emulator time). */
export const HEARTBEAT_MS = 1000;
export const SEEN_WITHIN_MS = 5000;
const CONNECT_TIMEOUT_MS = 2000;
/** How long a command waits for Redis's reply before its request answers 502 (docs/scaling.md, "While Redis stalls"). */
export const COMMAND_TIMEOUT_MS = 2000;

/** A change another instance made, as published on the events channel. */
export interface StoreMessage {
  from: string;
  type: string;
  data: any;
}

/**
 * The sender of an event meant for every instance, the one that sends it included (an instance id has no
 * `*`). Each handles it in the order of the channel, after every event published before it: an instance
 * that keeps a copy at hand drops what the event removes at that point, not before an earlier event re-adds it.
 */
export const EVERY_INSTANCE = '*';

/** An event every instance handles, its sender too (see EVERY_INSTANCE). */
export function eventForAll(type: string, data: unknown): string {
  return JSON.stringify({ from: EVERY_INSTANCE, type, data } satisfies StoreMessage);
}

export class RedisStore implements StateStore {
  readonly kind = 'redis' as const;
  readonly shared = true;
  readonly description: string;
  /** The events channel: named by the database and the deployment prefix (storeNamespace). */
  readonly channel: string;
  /** Every key starts with this: `svc-emulator:`, and the deployment prefix with `?prefix=`. */
  private readonly keyPrefix: string;
  /** The URL given to ioredis (without the query). */
  private readonly redisUrl: string;
  /** The Redis connection for commands (from open()); each area defines its scripts on it (redis-scripts.ts defineOnce). */
  redis!: Redis;
  private sub: Redis | undefined;
  private readonly handlers: ((message: StoreMessage) => void)[] = [];
  private readonly resyncs: (() => Promise<void>)[] = [];
  private readonly closing: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private opened: Promise<void> | undefined;
  private lastError: Error | undefined;
  private readonly startedAt = new Date().toISOString();
  /**
   * The store's generation, which a reset increments: keys that carry it (`scopedKey`: ws-tokens, windows,
   * billing...) are all retired at once by a reset on any instance, without a scan.
   */
  private gen = 0;
  /** What health shows for this instance: set by announce() once the emulator listens. */
  private baseUrl: string | null = null;
  /** Whether Redis stalls: connected, commands timing out (stall-watch.ts). */
  private readonly stall = new StallWatch(
    () => this.redis.ping(),
    () => this.outbox.wake(),
  );
  /**
   * Flush barriers (barrier.ts): made with the store, so every instance answers a reader's barrier at once,
   * whatever it reads itself (an instance that never answered would cost every read BARRIER_WAIT_MS).
   */
  readonly barriers: StoreBarriers = new StoreBarriers(this);
  /** The effects this instance owes Redis (outbox.ts): charges, releases, webhook events and outcomes. */
  readonly outbox = new StoreOutbox(
    () => this.redis,
    () => this.status() === 'ok',
    (err) => this.noteFailure(err),
  );
  private readonly writes = new WritesInFlight(this.outbox, COMMAND_TIMEOUT_MS, (err) =>
    this.noteFailure(err),
  );

  constructor(
    url: string,
    readonly instanceId: string,
  ) {
    this.description = describeStoreUrl(url);
    const namespace = storeNamespace(url);
    this.channel = namespace.channel;
    this.keyPrefix = namespace.keyPrefix;
    this.redisUrl = namespace.url;
  }

  /** ioredis is loaded here, on first use: it costs about 100 ms of start-up that the memory store never pays. */
  private async createClients(): Promise<void> {
    // In the CLI bundle a CommonJS package imported dynamically arrives as `default`; from the sources, as named exports.
    const mod = (await import('ioredis')) as typeof import('ioredis') & {
      default?: typeof import('ioredis');
    };
    const Redis = mod.default?.Redis ?? mod.Redis;
    const options: RedisOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // No retries while starting: an unreachable Redis is a start-up error, not a hang. open() turns them on.
      retryStrategy: () => null,
      // A command whose reply was lost is not sent again by the client: an effect is resent by the outbox,
      // which knows it is idempotent, and a read by the caller, who knows it was answered 502.
      autoResendUnfulfilledCommands: false,
    };
    this.redis = new Redis(this.redisUrl, options);
    this.sub = new Redis(this.redisUrl, { ...options, commandTimeout: undefined });
    // The connection's state is read from conn.status; the last error says why it is down.
    for (const conn of [this.redis, this.sub]) conn.on('error', (err: Error) => (this.lastError = err));
  }

  key(name: string): string {
    return this.keyPrefix + name;
  }

  get generation(): number {
    return this.gen;
  }

  /** The generation's key, for a script that numbers writes across resets (it only grows). */
  get generationKey(): string {
    return this.key('gen');
  }

  /** A key of the current generation (or of `gen`, to delete what a reset retired): retired by the next reset through any instance. */
  scopedKey(name: string, gen = this.gen): string {
    return `${this.keyPrefix}g${gen}:${name}`;
  }

  async beginReset(): Promise<void> {
    this.advanceGeneration(await this.run(() => this.redis.incr(this.key('gen'))));
  }

  async endReset(): Promise<void> {
    await this.run(() => this.redis.publish(this.channel, this.message('reset', { gen: this.gen })));
  }

  /** A reset moved the generation to `gen` (this instance's, or another's `reset` message). */
  advanceGeneration(gen: number): void {
    this.gen = Math.max(this.gen, gen);
  }

  /** Listens to changes published by other instances (this instance's own are skipped). */
  onMessage(handler: (message: StoreMessage) => void): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  /** Runs after the subscriber reconnects: events may have been missed, so the caller reloads what it caches. */
  onResync(reload: () => Promise<void>): () => void {
    this.resyncs.push(reload);
    return () => {
      const i = this.resyncs.indexOf(reload);
      if (i >= 0) this.resyncs.splice(i, 1);
    };
  }

  /**
   * An event for the other instances. Every message starts `{"from":ID,` (scripts that build their own write
   * that prefix first too), so an instance drops its own without parsing them.
   */
  message(type: string, data: unknown): string {
    return `${this.messageHead(type)}${JSON.stringify(data)}}`;
  }

  /** A message up to its data, for a script that writes the data and the closing brace itself. */
  messageHead(type: string): string {
    return `${this.ownPrefix}"type":${JSON.stringify(type)},"data":`;
  }

  /** How this instance's messages begin. */
  get ownPrefix(): string {
    return (this.ownPrefixCache ??= `{"from":${JSON.stringify(this.instanceId)},`);
  }
  private ownPrefixCache: string | undefined;

  open(): Promise<void> {
    this.opened ??= this.connect();
    return this.opened;
  }

  private async connect(): Promise<void> {
    await this.createClients();
    const sub = this.sub!;
    try {
      await this.redis.connect();
      await sub.connect();
      const [version] = /redis_version:(\S+)/.exec(await this.redis.info('server'))?.slice(1) ?? ['0'];
      // GETDEL (single-use ws-tokens) needs Redis 6.2.
      if (compareVersions(version, '6.2.0') < 0)
        throw new Error(`Redis ${version} is too old; 6.2 or later is needed`);
      await sub.subscribe(this.channel);
      this.gen = Number(await this.redis.get(this.key('gen'))) || 0;
    } catch (err) {
      this.redis.disconnect();
      sub.disconnect();
      // ioredis rejects connect() with "Connection is closed"; the error event before it has the cause (ECONNREFUSED...).
      const cause = this.lastError ?? (err as Error);
      throw new StoreUnavailableError(
        `cannot use the state store ${this.description}: ${cause.message || String(cause)}`,
      );
    }
    const retry = (times: number) => Math.min(times * 100, 1000);
    this.redis.options.retryStrategy = retry;
    sub.options.retryStrategy = retry;
    sub.on('message', (_channel: string, text: string) => this.dispatch(text));
    // Events published while the subscriber was away are lost: once both connections are back, the cached
    // state is reloaded (and again at the next reconnect if that fails).
    let stale = false;
    const resync = () => {
      if (!stale || this.status() !== 'ok') return;
      stale = false;
      Promise.all(this.resyncs.map((reload) => reload())).catch(() => (stale = true));
    };
    sub.on('close', () => (stale = true));
    sub.on('ready', resync);
    this.redis.on('ready', resync);
    this.redis.on('ready', () => {
      this.stall.answered();
      this.outbox.wake();
    });
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat().catch(() => {}), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The URL this instance serves, told to the others at once (not a second later). */
  announce(baseUrl: string): void {
    this.baseUrl = baseUrl;
    if (this.heartbeat) void this.beat().catch(() => {});
  }

  private dispatch(text: string): void {
    // This instance's own events come back to it: dropped before parsing (every message starts this way).
    if (text.startsWith(this.ownPrefix)) return;
    let message: StoreMessage;
    try {
      message = JSON.parse(text) as StoreMessage;
    } catch {
      return;
    }
    if (message.from === this.instanceId) return;
    if (message.type === 'reset') this.advanceGeneration(Number((message.data as { gen: number }).gen));
    for (const handler of this.handlers) handler(message);
  }

  /** A command failed: a timeout marks Redis stalled (stall-watch.ts). */
  noteFailure(err: unknown): void {
    this.stall.failed(err);
  }

  private async beat(): Promise<void> {
    const now = Date.now();
    const info: InstanceInfo = {
      id: this.instanceId,
      pid: process.pid,
      base_url: this.baseUrl,
      started_at: this.startedAt,
      last_seen: new Date(now).toISOString(),
    };
    try {
      await this.redis
        .multi()
        .zadd(this.key('instances'), now, this.instanceId)
        .set(this.key(`instance:${this.instanceId}`), JSON.stringify(info), 'PX', SEEN_WITHIN_MS * 6)
        .zremrangebyscore(this.key('instances'), '-inf', now - SEEN_WITHIN_MS * 6)
        .exec();
    } catch (err) {
      this.noteFailure(err);
      throw err;
    }
    this.stall.answered();
  }

  /** Runs before the connections close: what an area writes behind is sent then. */
  onClose(hook: () => void): void {
    this.closing.push(hook);
  }

  get answers(): StoreBarriers['answers'] {
    return this.barriers.answers;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.stall.stop();
    if (this.opened && this.redis?.status === 'ready') {
      for (const hook of this.closing) hook();
      await this.writes.done();
      // What this instance still owes Redis goes before it leaves (bounded: a stalled Redis is not waited for).
      this.outbox.wake();
      await waitAtMost(this.outbox.drained(), COMMAND_TIMEOUT_MS);
      await this.redis.zrem(this.key('instances'), this.instanceId).catch(() => {});
    }
    this.outbox.close();
    this.redis?.disconnect();
    this.sub?.disconnect();
  }

  status(): StoreStatus {
    if (this.redis?.status !== 'ready' || this.sub?.status !== 'ready') return 'unreachable';
    return this.stall.stalled ? 'degraded' : 'ok';
  }

  owed(): number {
    return this.outbox.size;
  }

  /**
   * Throws 502 `upstream_error` while Redis is away or stalled, or while the outbox is full, before anything
   * changes.
   */
  assertAvailable(): void {
    if (this.redis?.status !== 'ready') throw storeDownError(this.description);
    if (this.stall.stalled)
      throw storeDownError(this.description, new Error(`no reply within ${COMMAND_TIMEOUT_MS} ms`));
    if (this.outbox.full)
      throw storeDownError(
        this.description,
        new Error(`${this.outbox.size} writes wait to be sent to it from this instance`),
      );
  }

  /**
   * Runs a command and maps a failure to 502 `upstream_error`. `undo`: a write that, should its reply be lost,
   * must not land (it is sent through the outbox after it), so the 502 can say nothing was changed.
   */
  async run<T>(command: () => Promise<T>, undo?: () => void): Promise<T> {
    this.assertAvailable();
    try {
      const result = await command();
      this.stall.answered();
      return result;
    } catch (err) {
      this.noteFailure(err);
      if (undo && !isReplyError(err)) undo();
      throw storeDownError(this.description, err, !undo && isCommandTimeout(err));
    }
  }

  /** A write whose outcome an answer must wait for (see settled()). */
  track(write: Promise<unknown>): void {
    this.writes.track(write);
  }

  settled(): Promise<void> | undefined {
    // A write that failed may be this answer's or another's, and what the answer's request owes (the outbox)
    // lands later: the 502 cannot say that nothing changed.
    return this.writes.settled(this.status() === 'ok')?.catch((err: unknown) => {
      throw storeDownError(this.description, err, true);
    });
  }

  /** The instances whose heartbeat is recent, this one included. */
  liveInstanceIds(): Promise<string[]> {
    return this.run(() =>
      this.redis.zrangebyscore(this.key('instances'), Date.now() - SEEN_WITHIN_MS, '+inf'),
    );
  }

  async instances(): Promise<InstanceInfo[]> {
    const ids = await this.liveInstanceIds();
    if (ids.length === 0) return [];
    const infos = await this.run(() => this.redis.mget(ids.map((id) => this.key(`instance:${id}`))));
    return infos
      .filter((s): s is string => s !== null)
      .map((s) => JSON.parse(s) as InstanceInfo)
      .sort((a, b) => a.id.localeCompare(b.id));
  }
}
