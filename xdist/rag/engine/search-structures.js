/** The data structures under the BM25 index (search-index.ts): posting lists, a k-th-largest heap, a top-k list. */
/** Growable posting list: chunk ordinals (ascending) and term frequencies. */
export class Postings {
    ids = new Uint32Array(2);
    tfs = new Uint16Array(2);
    length = 0;
    add(id, tf) {
        if (this.length === this.ids.length) {
            const ids = new Uint32Array(this.length * 2);
            ids.set(this.ids);
            this.ids = ids;
            const tfs = new Uint16Array(this.length * 2);
            tfs.set(this.tfs);
            this.tfs = tfs;
        }
        this.ids[this.length] = id;
        this.tfs[this.length] = Math.min(tf, 0xffff);
        this.length++;
    }
    /** Drops dead chunk ordinals in place. */
    compact(dead) {
        let w = 0;
        for (let r = 0; r < this.length; r++) {
            if (dead(this.ids[r]))
                continue;
            this.ids[w] = this.ids[r];
            this.tfs[w] = this.tfs[r];
            w++;
        }
        this.length = w;
    }
}
export function lowerBound(ids, length, id) {
    let lo = 0;
    let hi = length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
/** Fixed-capacity min-heap of numbers: the k-th largest value seen so far. */
export class MinHeap {
    k;
    a;
    size = 0;
    constructor(k) {
        this.k = k;
        this.a = new Float64Array(k);
    }
    offer(v) {
        const a = this.a;
        if (this.size < this.k) {
            let i = this.size++;
            a[i] = v;
            while (i > 0) {
                const parent = (i - 1) >> 1;
                if (a[parent] <= a[i])
                    break;
                [a[parent], a[i]] = [a[i], a[parent]];
                i = parent;
            }
            return;
        }
        if (v <= a[0])
            return;
        a[0] = v;
        let i = 0;
        for (;;) {
            const l = 2 * i + 1;
            const r = l + 1;
            let m = i;
            if (l < this.k && a[l] < a[m])
                m = l;
            if (r < this.k && a[r] < a[m])
                m = r;
            if (m === i)
                return;
            [a[m], a[i]] = [a[i], a[m]];
            i = m;
        }
    }
    min() {
        return this.size < this.k ? 0 : this.a[0];
    }
}
/** Keeps the best k candidates; k ≤ 100, so a sorted array with binary insertion is cheapest. */
export class TopK {
    k;
    cmp;
    items = [];
    constructor(k, cmp) {
        this.k = k;
        this.cmp = cmp;
    }
    offer(c) {
        const items = this.items;
        if (items.length === this.k) {
            const last = items[items.length - 1];
            if (c.score < last.score || this.cmp(c, last) >= 0)
                return;
        }
        let lo = 0;
        let hi = items.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (this.cmp(c, items[mid]) < 0)
                hi = mid;
            else
                lo = mid + 1;
        }
        items.splice(lo, 0, c);
        if (items.length > this.k)
            items.pop();
    }
    sorted() {
        return this.items;
    }
}
