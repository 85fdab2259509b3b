/** Tone grid: 16 low tones (350 + 90·i Hz) and 16 high tones (1850 + 90·j Hz), all within telephone
 *  bandwidth so 8 kHz PCM and narrow-band codecs keep them. */
export const LOW_BASE_HZ = 350;
export const HIGH_BASE_HZ = 1850;
export const TONE_STEP_HZ = 90;
export const TONES_PER_GROUP = 16;
/** Peak amplitude per tone; two tones peak at 0.7, leaving headroom for codecs' overshoot. */
export const TONE_AMPLITUDE = 0.35;
/** Voices shift the data tones by -28 … +28 Hz in 8 Hz steps: far enough apart to tell (the tone
 *  spacing is 90 Hz), close enough that every voice decodes with the same filter layout. */
export const VOICE_COUNT = 8;
const VOICE_STEP_HZ = 8;
export function voiceOffsetHz(voiceIndex) {
    return (voiceIndex - (VOICE_COUNT - 1) / 2) * VOICE_STEP_HZ;
}
export function lowToneHz(symbol, offsetHz) {
    return LOW_BASE_HZ + TONE_STEP_HZ * (symbol >> 4) + offsetHz;
}
export function highToneHz(symbol, offsetHz) {
    return HIGH_BASE_HZ + TONE_STEP_HZ * (symbol & 0x0f) + offsetHz;
}
export const MIN_SAMPLE_RATE = 8000;
export const MAX_SAMPLE_RATE = 192000;
export function checkSampleRate(sampleRate) {
    if (!Number.isInteger(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
        throw new RangeError(`sampleRate must be an integer in [${MIN_SAMPLE_RATE}, ${MAX_SAMPLE_RATE}], got ${sampleRate}`);
    }
}
