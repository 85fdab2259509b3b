/** Analysis window inside a slot, as fractions of the slot: nearly the whole tone, whose raised-cosine
 *  ramps then act as the taper of the DFT window. */
export declare const WINDOW_FROM = 0.03;
export declare const WINDOW_TO = 0.72;
export declare const GARBAGE = -2;
export declare class ToneBank {
    readonly lo: Float64Array;
    readonly hi: Float64Array;
    private readonly powLo;
    private readonly powHi;
    constructor(sampleRate: number, offsetHz: number);
    /**
     * Symbol in x[from, to), SILENT, or GARBAGE. `refEnergy` is the mean energy per sample of a tone slot
     * of this utterance (from its sync bursts), so the decision does not depend on the level.
     */
    detect(x: Float32Array, from: number, to: number, refEnergy: number): number;
}
