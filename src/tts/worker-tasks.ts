/** TTS synthesis and encoding tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
import { streamTask } from '../workers/stream.js';
import { lazyModule } from '../workers/lazy-module.js';
import type { Mp3EncoderKind } from '../audio/encode.js';
import type { RenderInput } from './render.js';

type Render = typeof import('./render.js');

const loadRender = lazyModule<Render>(import.meta.url, 'render', () => import('./render.js'));

export const ttsTasks = {
  /** Synthesises and encodes one utterance, posting its bytes as they exist (pool.stream). */
  'tts.render': streamTask<RenderInput>(async (input, sink) => {
    const { render } = await loadRender();
    await render(input, sink);
  }),
  /** Warms one thread up (JIT, wasm module); returns the milliseconds it took. */
  'tts.warmup': async (input: { encoder: Mp3EncoderKind }) => {
    const { warmUp } = await loadRender();
    return warmUp(input.encoder);
  },
};
