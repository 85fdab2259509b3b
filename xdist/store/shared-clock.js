import { CLOCK_CHANGE, defineOnce } from './scripts-clock.js';
export class SharedClock {
    store;
    clock;
    /** The last state taken: an older one (a message overtaken by a later change) is ignored. */
    seq = 0;
    /** States are taken one after another: firing timers is async. */
    chain = Promise.resolve();
    constructor(store, clock) {
        this.store = store;
        this.clock = clock;
        store.onMessage((m) => this.receive(m));
        store.onResync(() => this.load());
    }
    get redis() {
        return this.store.redis;
    }
    get key() {
        return this.store.key('clock');
    }
    /** At start (and after a reconnection): the clock in Redis, or this instance's when there is none yet. */
    async load() {
        defineOnce(this.store.redis, 'svcClockChange', 1, CLOCK_CHANGE);
        await this.redis.set(this.key, JSON.stringify({ ...this.clock.anchor(), seq: 0 }), 'NX');
        const json = await this.redis.get(this.key);
        if (json)
            await this.take(JSON.parse(json), true);
        this.clock.replica = this;
    }
    set(options) {
        return this.change(options);
    }
    advance(ms) {
        if (!(ms >= 0))
            throw new RangeError('advance needs a non-negative number of milliseconds');
        return this.change({ advance: ms });
    }
    /** A reset put this instance's clock back to its start options: that becomes the shared clock. */
    restored() {
        this.store.assertAvailable();
        const write = this.run({ replace: this.clock.anchor() });
        this.store.track(write);
        void write.then((json) => this.take(JSON.parse(json)), () => { });
    }
    /** Changes the clock in Redis (502 before anything changes while it is down), then here. */
    async change(change) {
        const json = await this.store.run(() => this.run(change));
        await this.take(JSON.parse(json));
    }
    run(change) {
        const current = JSON.stringify({ ...this.clock.anchor(), seq: 0 });
        return this.redis.svcClockChange(this.key, JSON.stringify(change), Date.now(), current, this.store.channel, this.store.instanceId);
    }
    take(state, always = false) {
        const next = this.chain.then(async () => {
            if (!always && state.seq <= this.seq)
                return;
            this.seq = state.seq;
            await this.clock.follow(state);
        });
        this.chain = next.catch(() => { });
        return next;
    }
    receive(m) {
        if (m.type === 'clock.changed')
            void this.take(m.data).catch(() => { });
    }
}
