/** The memory store's queue: one Clock timer per item, nothing async added. */
export class MemoryWorkQueue {
    clock;
    shared = false;
    timers = new Map();
    handlers = new Map();
    constructor(clock) {
        this.clock = clock;
    }
    schedule(kind, id, payload, dueAt) {
        const key = `${kind}/${id}`;
        this.timers.get(key)?.cancel();
        const run = () => {
            this.timers.delete(key);
            return this.handlers.get(kind)?.({ kind, id, payload, dueAt, attempt: 1 });
        };
        this.timers.set(key, this.clock.setTimeout(run, dueAt - this.clock.now(), `${kind} ${id}`));
    }
    cancel(kind, id) {
        const key = `${kind}/${id}`;
        this.timers.get(key)?.cancel();
        this.timers.delete(key);
    }
    handle(kind, handler) {
        this.handlers.set(kind, handler);
    }
}
