/** Decides what one slot holds: silence (a space), a dual-tone symbol, or something that is not ours. */
import { SILENT } from './alphabet.js';
import { bankCoefficients, bankPowers, energy } from './goertzel.js';
import { TONES_PER_GROUP, highToneHz, lowToneHz } from './tones.js';
/** Analysis window inside a slot, as fractions of the slot: nearly the whole tone, whose raised-cosine
 *  ramps then act as the taper of the DFT window. */
export const WINDOW_FROM = 0.03;
export const WINDOW_TO = 0.72;
/** A slot with under this share of the reference (tone) energy is silent. */
const SILENCE_SHARE = 0.2;
/** Share of the slot energy the two best tones must hold for a symbol. */
const MIN_TONE_SHARE = 0.35;
export const GARBAGE = -2;
export class ToneBank {
    lo;
    hi;
    powLo = new Float64Array(TONES_PER_GROUP);
    powHi = new Float64Array(TONES_PER_GROUP);
    constructor(sampleRate, offsetHz) {
        const idx = Array.from({ length: TONES_PER_GROUP }, (_, i) => i);
        this.lo = bankCoefficients(idx.map((i) => lowToneHz(i << 4, offsetHz)), sampleRate);
        this.hi = bankCoefficients(idx.map((i) => highToneHz(i, offsetHz)), sampleRate);
    }
    /**
     * Symbol in x[from, to), SILENT, or GARBAGE. `refEnergy` is the mean energy per sample of a tone slot
     * of this utterance (from its sync bursts), so the decision does not depend on the level.
     */
    detect(x, from, to, refEnergy) {
        const n = to - from;
        if (n <= 0)
            return GARBAGE;
        const e = energy(x, from, to);
        if (e < SILENCE_SHARE * refEnergy * n)
            return SILENT;
        const lo = bankPowers(x, from, to, this.lo, this.powLo);
        const hi = bankPowers(x, from, to, this.hi, this.powHi);
        const share = (this.powLo[lo] + this.powHi[hi]) / ((e * n) / 2);
        return share < MIN_TONE_SHARE ? GARBAGE : (lo << 4) | hi;
    }
}
