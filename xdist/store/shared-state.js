import { SharedClock } from './shared-clock.js';
import { SharedBilling } from './shared-billing.js';
import { SharedFaults } from './shared-faults.js';
import { SharedJournal } from './shared-journal.js';
import { SharedOrgs } from './shared-orgs.js';
import { SharedScenarios } from './shared-scenarios.js';
import { SharedSttJobs } from './shared-stt.js';
import { SharedWork } from './shared-work.js';
import { SharedWebhooks } from './shared-webhooks.js';
import { SharedRag } from './shared-rag.js';
/** Wall-time garbage collection of tokens and windows: they are checked on the emulator clock, which a test may freeze. */
const TOKEN_GC_MS = 3_600_000;
const WINDOW_GC_MIN_MS = 3_600_000;
export class SharedState {
    store;
    targets;
    orgs;
    faults;
    journal;
    scenarios;
    clock;
    work;
    sttJobs;
    webhooks;
    billing;
    /** RAG tenants, documents and jobs: the RAG area attaches its structures (src/rag/index.ts). */
    rag;
    generation = 0;
    constructor(store, targets) {
        this.store = store;
        this.targets = targets;
        this.orgs = new SharedOrgs(store, targets.orgs);
        this.faults = new SharedFaults(store, targets.faults);
        this.journal = new SharedJournal(store, targets.journal);
        this.scenarios = new SharedScenarios(store);
        this.clock = new SharedClock(store, targets.clock);
        this.work = new SharedWork(store, targets.clock);
        this.sttJobs = new SharedSttJobs(store);
        this.webhooks = new SharedWebhooks(store, targets.webhooks);
        this.billing = new SharedBilling(store, targets.metering.replica, () => this.generation);
        this.rag = new SharedRag(store, this.work);
        store.onMessage((m) => this.receive(m));
    }
    async open() {
        await this.store.open();
        this.generation = Number(await this.store.redis.get(this.store.key('gen'))) || 0;
        await this.orgs.load();
        await this.faults.load();
        await this.scenarios.open(this.targets.scenarios(this.scenarios));
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
        this.targets.faults.replica = this.faults;
    }
    /** POST /_emulator/reset on this instance: the shared slice starts over for every instance. */
    async reset() {
        const results = await this.store.run(() => {
            const tx = this.store.redis.multi().incr(this.store.key('gen'));
            this.rag.clear(tx);
            return tx.del(...this.keyNames()).exec();
        });
        this.webhooks.forget();
        // exec() answers [error, result] per command; the first is the new generation.
        this.generation = Number(results?.[0]?.[1]) || this.generation + 1;
        await this.store.run(() => this.store.redis.publish(this.store.channel, this.store.message('reset', { gen: this.generation })));
    }
    /** The keys of every shared part, deleted by a reset. */
    keyNames() {
        return [this.orgs, this.faults, this.journal, this.scenarios, this.work, this.sttJobs, this.webhooks, this.billing, this.rag].flatMap((part) => part.keyNames());
    }
    receive(m) {
        if (m.type !== 'reset')
            return;
        this.generation = Math.max(this.generation, Number(m.data.gen));
        this.targets.orgs.clear();
        this.targets.onRemoteReset();
    }
    scoped(name) {
        return this.store.key(`g${this.generation}:${name}`);
    }
    // Ws-tokens (spec, Authentication 8): single use across instances through GETDEL, atomic in Redis.
    putToken(token, record) {
        this.store.assertAvailable();
        this.store.track(this.store.redis.set(this.scoped(`wst:${token}`), JSON.stringify(record), 'PX', TOKEN_GC_MS));
    }
    async takeToken(token) {
        const json = await this.store.run(() => this.store.redis.getdel(this.scoped(`wst:${token}`)));
        return json ? JSON.parse(json) : undefined;
    }
    async ensureKey(keyId) {
        if (!this.targets.orgs.getKey(keyId))
            await this.orgs.fetchKey(keyId);
    }
    // Rate-limit windows: one counter per key and window, counted atomically (redis-scripts.ts RATE_HIT).
    async hitWindow(keyId, limit, windowMs, start) {
        const ttl = Math.max(WINDOW_GC_MIN_MS, windowMs * 2);
        const [allowed, count] = await this.store.run(() => this.store.redis.svcRateHit(this.scoped(`rl:${keyId}:${windowMs}:${start}`), limit, ttl));
        return { allowed: allowed === 1, count };
    }
}
