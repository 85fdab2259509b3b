/**
 * Finds sync candidates cheaply. The stream is cut into 2 ms blocks; for each block we keep prefix sums
 * of energy and of the complex DFT terms at the four sync tones, so the tone share of any run of blocks
 * costs O(1). A candidate start passes when both sync bursts are dominated by their two tones.
 */
import { SYM_SYNC1, SYM_SYNC2 } from './alphabet.js';
import { blockTones, energy } from './goertzel.js';
import { ON_FRACTION, SYNC_SLOT } from './framing.js';
import { highToneHz, lowToneHz } from './tones.js';
const HOP_SECONDS = 0.002;
const STRIDE = 9; // energy + re/im for 4 tones
/** Inner part of each sync burst used for the pass test: robust to a coarse start off by ±7 ms. */
const INNER_FROM = 0.1;
const INNER_TO = 0.65;
const MIN_TONE_SHARE = 0.2;
const MIN_PAIR_SHARE = 0.6;
/** Below about -70 dBFS there is nothing to decode. */
const MIN_MEAN_ENERGY = 1e-7;
export class SyncScanner {
    sampleRate;
    hop;
    omegas;
    cum = new Float64Array(STRIDE * 1024);
    /** block index whose prefix sum is cum[0..STRIDE) (all zeros) */
    base = 0;
    count = 0;
    scratch = new Float64Array(8);
    inner;
    full;
    /** blocks after a candidate block needed to evaluate it */
    span;
    constructor(sampleRate) {
        this.sampleRate = sampleRate;
        this.hop = Math.max(1, Math.round(sampleRate * HOP_SECONDS));
        const freqs = [
            lowToneHz(SYM_SYNC1, 0),
            highToneHz(SYM_SYNC1, 0),
            lowToneHz(SYM_SYNC2, 0),
            highToneHz(SYM_SYNC2, 0),
        ];
        this.omegas = Float64Array.from(freqs, (f) => (2 * Math.PI * f) / sampleRate);
        const p0 = SYNC_SLOT * sampleRate;
        const blocks = (from, to) => [
            Math.ceil((from * p0) / this.hop),
            Math.floor((to * p0) / this.hop),
        ];
        this.inner = [0, 1].map((k) => blocks(k + INNER_FROM, k + INNER_TO));
        this.full = [0, 1].map((k) => blocks(k, k + ON_FRACTION));
        this.span = Math.max(this.inner[1][1], this.full[1][1]) + 1;
    }
    /** Restarts the prefix sums at block `b` (used when the scan jumps over a decoded utterance). */
    resetAt(b) {
        if (b >= this.base && b <= this.base + this.count) {
            // Keep what we have; only compact when the dead prefix is large.
            const dead = b - this.base;
            if (dead > 4096) {
                this.cum.copyWithin(0, dead * STRIDE, (this.count + 1) * STRIDE);
                this.base = b;
                this.count -= dead;
            }
            return;
        }
        this.base = b;
        this.count = 0;
        this.cum.fill(0, 0, STRIDE);
    }
    /** Computes prefix sums up to block `end` (exclusive) if the samples are there. */
    ensure(end, pcm) {
        const have = this.base + this.count;
        if (end <= have)
            return true;
        if (end * this.hop > pcm.end)
            return false;
        const need = (end - this.base + 1) * STRIDE;
        if (need > this.cum.length) {
            let cap = this.cum.length;
            while (cap < need)
                cap *= 2;
            const grown = new Float64Array(cap);
            grown.set(this.cum.subarray(0, (this.count + 1) * STRIDE));
            this.cum = grown;
        }
        const acc = this.scratch;
        for (let b = have; b < end; b++) {
            const abs = b * this.hop;
            const from = abs - pcm.start;
            const to = from + this.hop;
            const e = energy(pcm.data, from, to);
            acc.fill(0);
            blockTones(pcm.data, from, to, abs, this.omegas, acc);
            const prev = (b - this.base) * STRIDE;
            const cur = prev + STRIDE;
            this.cum[cur] = this.cum[prev] + e;
            for (let c = 0; c < 8; c++)
                this.cum[cur + 1 + c] = this.cum[prev + 1 + c] + acc[c];
        }
        this.count = end - this.base;
        return true;
    }
    sum(b1, b2, c) {
        return this.cum[(b2 - this.base) * STRIDE + c] - this.cum[(b1 - this.base) * STRIDE + c];
    }
    tonePower(b1, b2, tone) {
        const re = this.sum(b1, b2, 1 + 2 * tone);
        const im = this.sum(b1, b2, 2 + 2 * tone);
        return re * re + im * im;
    }
    /** Whether a sync could start at block b (blocks up to b + span must be ensured). */
    passes(b) {
        for (let k = 0; k < 2; k++) {
            const b1 = b + this.inner[k][0];
            const b2 = b + this.inner[k][1];
            const n = (b2 - b1) * this.hop;
            const e = this.sum(b1, b2, 0);
            if (e < n * MIN_MEAN_ENERGY)
                return false;
            const norm = (e * n) / 2; // |X|² of a tone holding all the energy
            const lo = this.tonePower(b1, b2, 2 * k) / norm;
            const hi = this.tonePower(b1, b2, 2 * k + 1) / norm;
            if (lo < MIN_TONE_SHARE || hi < MIN_TONE_SHARE || lo + hi < MIN_PAIR_SHARE)
                return false;
        }
        return true;
    }
    /** Coherent sync-tone power over the full on-time of both bursts: peaks at the true start. */
    alignment(b) {
        let p = 0;
        for (let k = 0; k < 2; k++) {
            const b1 = b + this.full[k][0];
            const b2 = b + this.full[k][1];
            p += this.tonePower(b1, b2, 2 * k) + this.tonePower(b1, b2, 2 * k + 1);
        }
        return p;
    }
}
