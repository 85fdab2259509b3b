/** Renders a frame plan to PCM. Every sample is a pure function of its index, so any split into blocks
 *  concatenates to exactly the whole-utterance output. */
import { type FramePlan } from './framing.js';
/** Samples [from, to) of the utterance. */
export declare function renderRange(plan: FramePlan, sampleRate: number, from: number, to: number): Float32Array;
export declare function renderPlan(plan: FramePlan, sampleRate: number): Float32Array;
/** Blocks of `blockSlots` data-grid slots each (the first block also holds lead-in, sync and header). */
export declare function renderPlanBlocks(plan: FramePlan, sampleRate: number, blockSlots: number): Generator<Float32Array>;
