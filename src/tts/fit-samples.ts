/**
 * A scripted clip length (TTS scripts): the synthetic speech cut at, or padded with silence to, an exact
 * number of samples. Runs in the worker threads with the rest of render.ts.
 */
const PAD_BLOCK = 4096;

export function* fitToSamples(blocks: Iterable<Float32Array>, samples: number): Generator<Float32Array> {
  let left = samples;
  for (const block of blocks) {
    if (left <= 0) return;
    const piece = block.length <= left ? block : block.subarray(0, left);
    left -= piece.length;
    yield piece;
  }
  while (left > 0) {
    const n = Math.min(PAD_BLOCK, left);
    left -= n;
    yield new Float32Array(n);
  }
}
