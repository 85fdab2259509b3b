import { createHash, hash } from 'node:crypto';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Deterministic pseudo-random numbers (sfc32 seeded from SHA-256 of the seed string). */
export class Random {
    seed;
    a;
    b;
    c;
    d;
    constructor(seed) {
        this.seed = seed;
        this.a = this.b = this.c = this.d = 0;
        this.reset();
    }
    /** Back to the first number of the sequence. */
    reset() {
        const h = createHash('sha256').update(this.seed).digest();
        this.a = h.readUInt32LE(0);
        this.b = h.readUInt32LE(4);
        this.c = h.readUInt32LE(8);
        this.d = h.readUInt32LE(12);
        for (let i = 0; i < 12; i++)
            this.nextUint32();
    }
    nextUint32() {
        this.a >>>= 0;
        this.b >>>= 0;
        this.c >>>= 0;
        this.d >>>= 0;
        const t = (this.a + this.b + this.d) >>> 0;
        this.d = (this.d + 1) >>> 0;
        this.a = this.b ^ (this.b >>> 9);
        this.b = (this.c + (this.c << 3)) >>> 0;
        this.c = (this.c << 21) | (this.c >>> 11);
        this.c = (this.c + t) >>> 0;
        return t >>> 0;
    }
    /** A float in [0, 1). */
    next() {
        return this.nextUint32() / 4294967296;
    }
    /** An integer in [0, n). */
    int(n) {
        return Math.floor(this.next() * n);
    }
    pick(items) {
        return items[this.int(items.length)];
    }
    base62(length) {
        let out = '';
        for (let i = 0; i < length; i++)
            out += BASE62[this.int(62)];
        return out;
    }
    /** An independent stream derived from this seed and a label. */
    fork(label) {
        return new Random(`${this.seed}/${label}`);
    }
}
/**
 * Deterministic identifiers: the n-th id of a given prefix depends only on the seed, the prefix and n,
 * so the same seed and the same sequence of requests from process start give the same ids. The counters
 * survive an emulator reset on purpose: an id never repeats within a process, so a receiver that
 * de-duplicates webhook events by id never drops a real event after a reset.
 */
export class IdFactory {
    seed;
    counters = new Map();
    constructor(seed) {
        this.seed = seed;
    }
    next(prefix, length = 20) {
        const n = (this.counters.get(prefix) ?? 0) + 1;
        this.counters.set(prefix, n);
        return `${prefix}_${base62FromHash(`${this.seed}:${prefix}:${n}`, length)}`;
    }
}
export function base62FromHash(input, length) {
    let out = '';
    let round = 0;
    while (out.length < length) {
        // One-shot hash: a third of createHash's cost, and ids are minted on every request.
        const h = hash('sha256', `${round++}:${input}`, 'buffer');
        for (const byte of h) {
            // Rejection sampling keeps the characters uniform.
            if (byte < 248)
                out += BASE62[byte % 62];
            if (out.length === length)
                break;
        }
    }
    return out;
}
export function sha256Hex(data) {
    return hash('sha256', data, 'hex');
}
export { BASE62 };
