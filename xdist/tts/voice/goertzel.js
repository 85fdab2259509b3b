/** Tone detectors: a Goertzel filter bank for slot decisions and per-block complex sums for the sync scan. */
/** Goertzel coefficients 2·cos(ω) for the given frequencies. */
export function bankCoefficients(freqsHz, sampleRate) {
    return Float64Array.from(freqsHz, (f) => 2 * Math.cos((2 * Math.PI * f) / sampleRate));
}
/** |X(ω)|² over x[from, to) for each coefficient, written to out; returns the index of the largest.
 *  Four filters run per pass: each recurrence is a serial dependency chain, so interleaving four keeps
 *  the CPU busy instead of waiting on one chain. */
export function bankPowers(x, from, to, coeffs, out) {
    let k = 0;
    for (; k + 4 <= coeffs.length; k += 4) {
        const c0 = coeffs[k];
        const c1 = coeffs[k + 1];
        const c2 = coeffs[k + 2];
        const c3 = coeffs[k + 3];
        let a1 = 0, a2 = 0, b1 = 0, b2 = 0, d1 = 0, d2 = 0, e1 = 0, e2 = 0; // prettier-ignore
        for (let n = from; n < to; n++) {
            const v = x[n];
            const a = v + c0 * a1 - a2;
            const b = v + c1 * b1 - b2;
            const d = v + c2 * d1 - d2;
            const e = v + c3 * e1 - e2;
            a2 = a1;
            a1 = a;
            b2 = b1;
            b1 = b;
            d2 = d1;
            d1 = d;
            e2 = e1;
            e1 = e;
        }
        out[k] = a1 * a1 + a2 * a2 - c0 * a1 * a2;
        out[k + 1] = b1 * b1 + b2 * b2 - c1 * b1 * b2;
        out[k + 2] = d1 * d1 + d2 * d2 - c2 * d1 * d2;
        out[k + 3] = e1 * e1 + e2 * e2 - c3 * e1 * e2;
    }
    for (; k < coeffs.length; k++) {
        const c = coeffs[k];
        let s1 = 0;
        let s2 = 0;
        for (let n = from; n < to; n++) {
            const s = x[n] + c * s1 - s2;
            s2 = s1;
            s1 = s;
        }
        out[k] = s1 * s1 + s2 * s2 - c * s1 * s2;
    }
    let best = 0;
    for (let i = 1; i < coeffs.length; i++)
        if (out[i] > out[best])
            best = i;
    return best;
}
export function energy(x, from, to) {
    let e = 0;
    for (let n = from; n < to; n++)
        e += x[n] * x[n];
    return e;
}
/**
 * Adds Σ x[n]·cos(ωn) and Σ x[n]·sin(ωn) over one block to acc[2k], acc[2k+1], with n the absolute sample
 * index, so sums of consecutive blocks are coherent and any run of blocks gives a DFT bin of that run.
 */
export function blockTones(x, from, to, absoluteStart, omegas, acc) {
    for (let k = 0; k < omegas.length; k++) {
        const w = omegas[k];
        const cd = Math.cos(w);
        const sd = Math.sin(w);
        let c = Math.cos(w * absoluteStart);
        let s = Math.sin(w * absoluteStart);
        let re = 0;
        let im = 0;
        for (let n = from; n < to; n++) {
            const v = x[n];
            re += v * c;
            im += v * s;
            const c2 = c * cd - s * sd;
            s = s * cd + c * sd;
            c = c2;
        }
        acc[2 * k] += re;
        acc[2 * k + 1] += im;
    }
}
