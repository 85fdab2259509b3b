import { HEARTBEAT_MS, SEEN_WITHIN_MS } from './redis-store.js';
import { WORK_CLAIM, defineOnce } from './scripts-clock.js';
/** Wall time a claim holds an item without renewal; renewed every HEARTBEAT_MS while its handler runs. */
const LEASE_MS = 30_000;
/** After this many failed runs an item is dropped (logged): a handler that always throws must not spin. */
const MAX_ATTEMPTS = 10;
export class SharedWork {
    store;
    clock;
    shared = true;
    handlers = new Map();
    /** Items whose handler runs here now: their leases are renewed. */
    running = new Set();
    wake;
    tick;
    pumping = false;
    again = false;
    constructor(store, clock) {
        this.store = store;
        this.clock = clock;
        store.onMessage((m) => this.receive(m));
    }
    get redis() {
        return this.store.redis;
    }
    get k() {
        const key = (name) => this.store.key(`work:${name}`);
        return {
            due: key('due'),
            items: key('items'),
            leases: key('leases'),
            owners: key('owners'),
            prefer: key('prefer'),
            attempts: key('attempts'),
        };
    }
    /** The keys a reset deletes. */
    keyNames() {
        return Object.values(this.k);
    }
    /** Once the store is open and the handlers are registered: claims what is due, then wakes when needed. */
    start() {
        defineOnce(this.store.redis, 'svcWorkClaim', 7, WORK_CLAIM);
        if (this.tick)
            return;
        this.tick = setInterval(() => this.onTick(), HEARTBEAT_MS);
        this.tick.unref();
        void this.pump();
    }
    handle(kind, handler) {
        this.handlers.set(kind, handler);
    }
    schedule(kind, id, payload, dueAt, options = {}) {
        this.store.assertAvailable();
        const m = member(kind, id);
        const k = this.k;
        const tx = this.redis.multi().hset(k.items, m, JSON.stringify({ kind, id, payload, dueAt })).zadd(k.due, dueAt, m).hdel(k.attempts, m);
        if (options.anywhere)
            tx.hdel(k.prefer, m);
        else
            tx.hset(k.prefer, m, this.store.instanceId);
        this.store.track(tx.publish(this.store.channel, this.store.message('work.scheduled', { dueAt })).exec());
        this.arm(dueAt);
    }
    cancel(kind, id) {
        this.store.assertAvailable();
        this.store.track(this.forget(member(kind, id)));
    }
    forget(m) {
        const k = this.k;
        return this.redis.multi().zrem(k.due, m).hdel(k.items, m).zrem(k.leases, m).hdel(k.owners, m).hdel(k.prefer, m).hdel(k.attempts, m).exec();
    }
    onTick() {
        if (this.store.redis.status === 'end') {
            clearInterval(this.tick);
            this.wake?.cancel();
            return;
        }
        if (this.store.status() !== 'ok')
            return;
        if (this.running.size > 0) {
            const tx = this.redis.multi();
            for (const m of this.running)
                tx.zadd(this.k.leases, 'XX', Date.now() + LEASE_MS, m);
            void tx.exec().catch(() => { });
        }
        void this.pump();
    }
    /** Claims due items until none is left, starting each one's handler; then sets the wake-up for the next. */
    async pump() {
        if (this.pumping) {
            this.again = true;
            return;
        }
        this.pumping = true;
        try {
            do {
                this.again = false;
                for (;;) {
                    const k = this.k;
                    const [m, json, attempt, next] = await this.redis.svcWorkClaim(k.due, k.items, k.leases, k.owners, k.prefer, k.attempts, this.store.key('instances'), this.clock.now(), Date.now(), LEASE_MS, this.store.instanceId, SEEN_WITHIN_MS);
                    if (!m) {
                        if (next !== undefined && Number(next) >= 0)
                            this.arm(Number(next));
                        break;
                    }
                    void this.run(m, json, Number(attempt));
                }
            } while (this.again);
        }
        catch {
            // The store is away: the next tick tries again.
        }
        finally {
            this.pumping = false;
        }
    }
    async run(m, json, attempt) {
        const item = { ...JSON.parse(json), attempt };
        this.running.add(m);
        try {
            const handler = this.handlers.get(item.kind);
            if (!handler)
                throw new Error(`no handler for work of kind '${item.kind}'`);
            await handler(item);
        }
        catch (err) {
            console.error(`[svc-emulator] work ${item.kind} ${item.id} failed (attempt ${attempt}):`, err);
            const k = this.k;
            const retry = attempt >= MAX_ATTEMPTS ? this.forget(m) : this.redis.multi().zrem(k.leases, m).hdel(k.owners, m).zadd(k.due, this.clock.now(), m).exec();
            // Left leased if even this fails: the lease runs out and the item is claimed again.
            await retry.catch(() => { });
            return;
        }
        finally {
            this.running.delete(m);
        }
        // Done. If this fails the item runs again once its lease is gone: handlers are idempotent.
        await this.forget(m).catch(() => { });
    }
    /** A wake-up on the emulator Clock at `dueAt` (the earliest one wins); due now: claim at once. */
    arm(dueAt) {
        const delay = dueAt - this.clock.now();
        if (delay <= 0) {
            void this.pump();
            return;
        }
        if (this.wake && this.wake.dueAt <= dueAt && this.wake.dueAt > this.clock.now())
            return;
        this.wake?.cancel();
        this.wake = this.clock.setTimeout(() => {
            this.wake = undefined;
            void this.pump();
        }, delay, 'work queue');
    }
    receive(m) {
        if (m.type === 'work.scheduled')
            this.arm(Number(m.data.dueAt));
    }
}
function member(kind, id) {
    return `${kind}/${id}`;
}
