/**
 * Synthetic voice: a dual-tone symbol modem whose audio carries its own text, so the emulator's STT
 * recovers the exact text, word timings, voice and speed of what its TTS produced, even after
 * resampling, lossy encoding or streaming. Layout and timing: see framing.ts.
 */
import { checkVoiceIndex, planUtterance, sampleCount } from './framing.js';
import { renderPlan, renderPlanBlocks } from './synth.js';
import { checkSampleRate } from './tones.js';
export { VOICE_COUNT } from './tones.js';
export { StreamingDecoder, decode } from './streaming.js';
/** Whole utterance as mono Float32 PCM in [-1,1]. Deterministic: same input, same samples. */
export function synthesize(text, opts) {
    checkSampleRate(opts.sampleRate);
    checkVoiceIndex(opts.voiceIndex);
    return renderPlan(planUtterance(text, opts.voiceIndex, opts.speed), opts.sampleRate);
}
/** Same samples as synthesize(), produced in blocks of `blockSlots` symbol slots (default 4). */
export function synthesizeBlocks(text, opts, blockSlots = 4) {
    checkSampleRate(opts.sampleRate);
    checkVoiceIndex(opts.voiceIndex);
    return renderPlanBlocks(planUtterance(text, opts.voiceIndex, opts.speed), opts.sampleRate, blockSlots);
}
/** Exact duration in seconds of synthesize(text, opts) (length / sampleRate). */
export function utteranceDuration(text, speed, sampleRate) {
    checkSampleRate(sampleRate);
    return sampleCount(planUtterance(text, 0, speed), sampleRate) / sampleRate;
}
