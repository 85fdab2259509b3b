/**
 * Ready-made MP3 encoders, one spare per (rate, bitrate). Building a lamejs encoder allocates its tables
 * and costs several milliseconds (10-20 ms on a loaded 2-core machine), which would otherwise sit in every
 * stream's time to first byte. A spare is taken by a request and replaced on a later event-loop turn,
 * off the request's critical path. Encoders are never reused, so output stays byte-identical.
 */
import { Mp3StreamEncoder } from '../audio/index.js';
export class Mp3EncoderPool {
    spares = new Map();
    refills = new Map();
    closed = false;
    take(sampleRate, kbps) {
        const key = `${sampleRate}/${kbps}`;
        const spare = this.spares.get(key);
        this.spares.delete(key);
        this.scheduleRefill(key, sampleRate, kbps);
        return spare ?? new Mp3StreamEncoder(sampleRate, kbps);
    }
    /** Builds the spares now (at boot). */
    fill(pairs) {
        for (const { sampleRate, kbps } of pairs) {
            const key = `${sampleRate}/${kbps}`;
            if (!this.spares.has(key))
                this.spares.set(key, new Mp3StreamEncoder(sampleRate, kbps));
        }
    }
    close() {
        this.closed = true;
        for (const handle of this.refills.values())
            clearImmediate(handle);
        this.refills.clear();
        this.spares.clear();
    }
    scheduleRefill(key, sampleRate, kbps) {
        if (this.closed || this.refills.has(key))
            return;
        const handle = setImmediate(() => {
            this.refills.delete(key);
            if (!this.closed && !this.spares.has(key))
                this.spares.set(key, new Mp3StreamEncoder(sampleRate, kbps));
        });
        // A pending refill must not keep a process alive.
        handle.unref();
        this.refills.set(key, handle);
    }
}
