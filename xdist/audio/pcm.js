/** PCM helpers shared by TTS (synthesis, encoding) and STT (decoding, realtime). Mono Float32 in [-1, 1]. */
/** Interprets little-endian signed 16-bit PCM as Float32 samples. An odd trailing byte is ignored. */
export function s16leToFloat32(buf) {
    const n = buf.byteLength >> 1;
    const view = new DataView(buf.buffer, buf.byteOffset, n * 2);
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++)
        out[i] = view.getInt16(i * 2, true) / 32768;
    return out;
}
/** Encodes Float32 samples as little-endian signed 16-bit PCM (clipped to range). */
export function float32ToS16le(pcm) {
    const out = Buffer.allocUnsafe(pcm.length * 2);
    for (let i = 0; i < pcm.length; i++) {
        const s = Math.max(-1, Math.min(1, pcm[i]));
        out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(s * 32768))), i * 2);
    }
    return out;
}
/** Averages interleaved channels down to mono. */
export function downmix(channels) {
    if (channels.length === 1)
        return channels[0];
    const n = Math.min(...channels.map((c) => c.length));
    const out = new Float32Array(n);
    for (const ch of channels)
        for (let i = 0; i < n; i++)
            out[i] += ch[i] / channels.length;
    return out;
}
const HALF_TAPS = 16;
/**
 * Band-limited resampling with a Hann-windowed sinc kernel. The cut-off follows the lower of the two
 * rates, so downsampling does not alias.
 */
export function resample(pcm, fromRate, toRate) {
    if (fromRate === toRate)
        return pcm;
    const ratio = fromRate / toRate;
    const outLength = Math.floor(pcm.length / ratio);
    const out = new Float32Array(outLength);
    const cutoff = Math.min(1, toRate / fromRate) * 0.97;
    const taps = Math.ceil(HALF_TAPS * Math.max(1, ratio));
    for (let i = 0; i < outLength; i++) {
        const t = i * ratio;
        const centre = Math.floor(t);
        let acc = 0;
        let norm = 0;
        for (let k = centre - taps + 1; k <= centre + taps; k++) {
            if (k < 0 || k >= pcm.length)
                continue;
            const x = (t - k) * cutoff;
            const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
            const w = 0.5 + 0.5 * Math.cos((Math.PI * (t - k)) / (taps + 1));
            const coeff = sinc * w;
            acc += pcm[k] * coeff;
            norm += coeff;
        }
        out[i] = norm !== 0 ? acc / norm : 0;
    }
    return out;
}
