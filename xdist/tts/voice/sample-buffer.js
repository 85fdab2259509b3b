/** Growable window of a PCM stream addressed by absolute sample index; old samples can be dropped. */
export class SampleBuffer {
    data = new Float32Array(1 << 15);
    /** absolute index of data[0] */
    start = 0;
    length = 0;
    get end() {
        return this.start + this.length;
    }
    append(x) {
        if (this.length + x.length > this.data.length) {
            let cap = this.data.length;
            while (cap < this.length + x.length)
                cap *= 2;
            const grown = new Float32Array(cap);
            grown.set(this.data.subarray(0, this.length));
            this.data = grown;
        }
        this.data.set(x, this.length);
        this.length += x.length;
    }
    /** Drops samples before `abs`, but only when that frees enough to be worth the copy. */
    discardBefore(abs, minDrop) {
        const k = Math.min(this.length, Math.floor(abs) - this.start);
        if (k < minDrop || k < this.length / 2)
            return;
        this.data.copyWithin(0, k, this.length);
        this.start += k;
        this.length -= k;
    }
}
