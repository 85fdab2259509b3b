/** Tone detectors: a Goertzel filter bank for slot decisions and per-block complex sums for the sync scan. */
/** Goertzel coefficients 2·cos(ω) for the given frequencies. */
export declare function bankCoefficients(freqsHz: readonly number[], sampleRate: number): Float64Array;
/** |X(ω)|² over x[from, to) for each coefficient, written to out; returns the index of the largest.
 *  Four filters run per pass: each recurrence is a serial dependency chain, so interleaving four keeps
 *  the CPU busy instead of waiting on one chain. */
export declare function bankPowers(x: Float32Array, from: number, to: number, coeffs: Float64Array, out: Float64Array): number;
export declare function energy(x: Float32Array, from: number, to: number): number;
/**
 * Adds Σ x[n]·cos(ωn) and Σ x[n]·sin(ωn) over one block to acc[2k], acc[2k+1], with n the absolute sample
 * index, so sums of consecutive blocks are coherent and any run of blocks gives a DFT bin of that run.
 */
export declare function blockTones(x: Float32Array, from: number, to: number, absoluteStart: number, omegas: Float64Array, acc: Float64Array): void;
