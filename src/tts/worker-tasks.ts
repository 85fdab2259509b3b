/** TTS synthesis and encoding tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
import { streamTask } from '../workers/stream.js';
import type { Mp3EncoderKind } from '../audio/encode.js';
import type { RenderInput } from './render.js';

type Render = typeof import('./render.js');

/**
 * Loads render.ts on first use. From the TypeScript sources (the test suite), a worker thread does not
 * resolve dynamic imports through tsx's hooks, so they go through tsx's own API there.
 */
let loaded: Promise<Render> | undefined;
function loadRender(): Promise<Render> {
  // Once per thread: tsx's tsImport registers a fresh loader on every call.
  loaded ??= (async () => {
    if (!import.meta.url.endsWith('.ts')) return import('./render.js');
    const { tsImport } = await import('tsx/esm/api');
    return (await tsImport('./render.ts', import.meta.url)) as Render;
  })();
  return loaded;
}

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
