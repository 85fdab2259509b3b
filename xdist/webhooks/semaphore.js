/** Counts attempts in flight; callers beyond the limit wait in FIFO order. */
export class Semaphore {
    limit;
    active = 0;
    waiting = [];
    constructor(limit) {
        this.limit = limit;
        if (!Number.isInteger(limit) || limit < 1)
            throw new RangeError(`concurrency limit must be >= 1 (got ${limit})`);
    }
    acquire() {
        if (this.active < this.limit) {
            this.active++;
            return Promise.resolve();
        }
        return new Promise((resolve) => this.waiting.push(resolve));
    }
    release() {
        const next = this.waiting.shift();
        // Hand the slot straight to the next waiter, so the count never dips and lets a newcomer jump the queue.
        if (next)
            next();
        else
            this.active--;
    }
}
