/** TTS synthesis and encoding tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
import { streamTask } from '../workers/stream.js';
import { lazyModule } from '../workers/lazy-module.js';
const loadRender = lazyModule(import.meta.url, 'render', () => import('./render.js'));
export const ttsTasks = {
    /** Synthesises and encodes one utterance, posting its bytes as they exist (pool.stream). */
    'tts.render': streamTask(async (input, sink) => {
        const { render } = await loadRender();
        await render(input, sink);
    }),
    /** Warms one thread up (JIT, wasm module); returns the milliseconds it took. */
    'tts.warmup': async (input) => {
        const { warmUp } = await loadRender();
        return warmUp(input.encoder);
    },
};
