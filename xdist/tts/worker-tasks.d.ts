import type { Mp3EncoderKind } from '../audio/encode.js';
import type { RenderInput } from './render.js';
export declare const ttsTasks: {
    /** Synthesises and encodes one utterance, posting its bytes as they exist (pool.stream). */
    'tts.render': (input: RenderInput) => Promise<void>;
    /** Warms one thread up (JIT, wasm module); returns the milliseconds it took. */
    'tts.warmup': (input: {
        encoder: Mp3EncoderKind;
    }) => Promise<number>;
};
