/** Renders a frame plan to PCM. Every sample is a pure function of its index, so any split into blocks
 *  concatenates to exactly the whole-utterance output. */
import { ON_FRACTION, RAMP_FRACTION, SILENT, sampleCount } from './framing.js';
import { TONE_AMPLITUDE, highToneHz, lowToneHz } from './tones.js';
const TWO_PI = 2 * Math.PI;
/** Samples [from, to) of the utterance. */
export function renderRange(plan, sampleRate, from, to) {
    const out = new Float32Array(Math.max(0, to - from));
    for (const slot of plan.slots) {
        if (slot.symbol === SILENT)
            continue;
        const on = slot.period * ON_FRACTION;
        const ramp = slot.period * RAMP_FRACTION;
        const n0 = Math.max(from, Math.ceil(slot.start * sampleRate));
        const n1 = Math.min(to, Math.ceil((slot.start + on) * sampleRate));
        if (n0 >= n1)
            continue;
        const w1 = TWO_PI * lowToneHz(slot.symbol, slot.offsetHz);
        const w2 = TWO_PI * highToneHz(slot.symbol, slot.offsetHz);
        for (let n = n0; n < n1; n++) {
            const t = n / sampleRate - slot.start;
            let env = 1;
            if (t < ramp)
                env = 0.5 - 0.5 * Math.cos((Math.PI * t) / ramp);
            else if (t > on - ramp)
                env = 0.5 - 0.5 * Math.cos((Math.PI * (on - t)) / ramp);
            out[n - from] = TONE_AMPLITUDE * env * (Math.sin(w1 * t) + Math.sin(w2 * t));
        }
    }
    return out;
}
export function renderPlan(plan, sampleRate) {
    return renderRange(plan, sampleRate, 0, sampleCount(plan, sampleRate));
}
/** Blocks of `blockSlots` data-grid slots each (the first block also holds lead-in, sync and header). */
export function* renderPlanBlocks(plan, sampleRate, blockSlots) {
    const per = Math.max(1, Math.floor(blockSlots));
    const total = sampleCount(plan, sampleRate);
    let from = 0;
    for (let k = per; k < plan.slots.length; k += per) {
        const to = Math.min(total, Math.round(plan.slots[k].start * sampleRate));
        if (to > from) {
            yield renderRange(plan, sampleRate, from, to);
            from = to;
        }
    }
    if (total > from)
        yield renderRange(plan, sampleRate, from, total);
}
