/**
 * The first slice of shared state, wired to one emulator: organizations, keys and revocations
 * (orgs/redis-orgs.ts), single-use ws-tokens, rate-limit windows, and resets. Ws-token and window keys carry
 * the store's generation, which a reset increments: a reset on any instance retires every token and window
 * at once without a scan.
 */
import type { TokenBackend, TokenRecord } from '../auth/ws-tokens.js';
import type { WindowBackend } from '../metering/rate-limit.js';
import type { Metering } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import type { Clock } from '../core/clock.js';
import type { RedisStore, StoreMessage } from './redis-store.js';
import type { Journal } from '../http/journal.js';
import { SharedClock } from '../core/redis-clock.js';
import { SharedBilling } from '../metering/redis-billing.js';
import { SharedJournal } from '../http/redis-journal.js';
import { SharedOrgs } from '../orgs/redis-orgs.js';
import { SharedSttJobs } from '../stt/redis-jobs.js';
import { SharedWork } from './shared-work.js';
import { SharedWebhooks } from '../webhooks/redis-queue.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import { SharedRag } from '../rag/redis-store.js';

/** Wall-time garbage collection of tokens and windows: they are checked on the emulator clock, which a test may freeze. */
const TOKEN_GC_MS = 3_600_000;
const WINDOW_GC_MIN_MS = 3_600_000;

export interface SharedStateTargets {
  orgs: OrgStore;
  journal: Journal;
  clock: Clock;
  webhooks: WebhookEngine;
  metering: Metering;
  /** What another instance's reset does here: drop cached organizations, close this instance's sockets. */
  onRemoteReset: () => void;
}

export class SharedState implements TokenBackend, WindowBackend {
  readonly orgs: SharedOrgs;
  readonly journal: SharedJournal;
  readonly clock: SharedClock;
  readonly work: SharedWork;
  readonly sttJobs: SharedSttJobs;
  readonly webhooks: SharedWebhooks;
  readonly billing: SharedBilling;
  /** RAG tenants, documents and jobs: the RAG area attaches its structures (src/rag/index.ts). */
  readonly rag: SharedRag;

  constructor(
    private readonly store: RedisStore,
    private readonly targets: SharedStateTargets,
  ) {
    this.orgs = new SharedOrgs(store, targets.orgs);
    this.journal = new SharedJournal(store, targets.journal);
    this.clock = new SharedClock(store, targets.clock);
    this.work = new SharedWork(store, targets.clock);
    this.sttJobs = new SharedSttJobs(store);
    this.webhooks = new SharedWebhooks(store, targets.webhooks);
    this.billing = new SharedBilling(store, targets.metering.replica, () => store.generation);
    this.rag = new SharedRag(store, this.work);
    store.onMessage((m) => this.receive(m));
  }

  async open(): Promise<void> {
    await this.store.open();
    await this.orgs.load();
    this.targets.journal.replica = this.journal;
    await this.clock.load();
    this.sttJobs.open();
    this.work.start();
    await this.webhooks.load();
    await this.billing.open();
    this.targets.metering.shared = this.billing;
    this.targets.metering.rateLimiter.sharedRules = this.billing;
    await this.rag.load();
    this.targets.orgs.replica = this.orgs;
  }

  /** POST /_emulator/reset on this instance: the shared slice starts over for every instance. */
  async reset(): Promise<void> {
    const results = await this.store.run(() => {
      const tx = this.store.redis.multi().incr(this.store.key('gen'));
      this.rag.clear(tx);
      return tx.del(...this.keyNames()).exec();
    });
    this.webhooks.forget();
    // exec() answers [error, result] per command; the first is the new generation.
    this.store.advanceGeneration(Number(results?.[0]?.[1]) || this.store.generation + 1);
    await this.store.run(() =>
      this.store.redis.publish(this.store.channel, this.store.message('reset', { gen: this.store.generation })),
    );
  }

  /** The keys of every shared part, deleted by a reset. */
  private keyNames(): string[] {
    return [this.orgs, this.journal, this.work, this.sttJobs, this.webhooks, this.billing, this.rag].flatMap((part) => part.keyNames());
  }

  private receive(m: StoreMessage): void {
    if (m.type !== 'reset') return;
    this.targets.orgs.clear();
    this.targets.onRemoteReset();
  }

  private scoped(name: string): string {
    return this.store.scopedKey(name);
  }

  // Ws-tokens (spec, Authentication 8): single use across instances through GETDEL, atomic in Redis.

  putToken(token: string, record: TokenRecord): void {
    this.store.assertAvailable();
    this.store.track(
      this.store.redis.set(this.scoped(`wst:${token}`), JSON.stringify(record), 'PX', TOKEN_GC_MS),
    );
  }

  async takeToken(token: string): Promise<TokenRecord | undefined> {
    const json = await this.store.run(() => this.store.redis.getdel(this.scoped(`wst:${token}`)));
    return json ? (JSON.parse(json) as TokenRecord) : undefined;
  }

  async ensureKey(keyId: string): Promise<void> {
    if (!this.targets.orgs.getKey(keyId)) await this.orgs.fetchKey(keyId);
  }

  // Rate-limit windows: one counter per key and window, counted atomically (redis-scripts.ts RATE_HIT).

  async hitWindow(
    keyId: string,
    limit: number,
    windowMs: number,
    start: number,
  ): Promise<{ allowed: boolean; count: number }> {
    const ttl = Math.max(WINDOW_GC_MIN_MS, windowMs * 2);
    const [allowed, count] = await this.store.run(() =>
      this.store.redis.svcRateHit(this.scoped(`rl:${keyId}:${windowMs}:${start}`), limit, ttl),
    );
    return { allowed: allowed === 1, count };
  }
}
