/**
 * Synthesis and encoding of one utterance, as run inside a worker thread (worker-tasks.ts): PCM from the
 * synthetic voice, then MP3 (wasm LAME or lamejs), 16-bit PCM or WAV, posted chunk by chunk to the reader.
 */
import {
  encodeMp3Stream,
  encodeWav,
  openMp3Encoder,
  QUALITY_TIERS,
  type Mp3EncoderKind,
} from '../audio/encode.js';
import { float32ToS16le } from '../audio/pcm.js';
import type { StreamPortInput, StreamSink } from '../workers/stream.js';
import { fitToSamples } from './fit-samples.js';
import { synthesizeBlocks } from './voice/index.js';

export type RenderFormat = 'mp3' | 'pcm_s16le' | 'wav';

/** Everything a worker needs to render an utterance (plain data: it crosses the thread boundary). */
export interface RenderSpec {
  text: string;
  voiceIndex: number;
  speed: number;
  sampleRate: number;
  mp3Kbps: number;
  format: RenderFormat;
  encoder: Mp3EncoderKind;
  /** Exact number of PCM samples (for the WAV header). */
  samples: number;
  /** A scripted duration (TTS scripts): the speech is cut or padded with silence to `samples`. */
  fit?: boolean;
}

export type RenderInput = RenderSpec & StreamPortInput;

/**
 * The first ~0.6 s of an utterance (lead-in, sync and header, first data slots) come out of the codec as
 * one block; it is cut into pieces of two MP3 frames so the first MP3 bytes exist after a few frames.
 */
const FIRST_PIECE_SAMPLES = 1152 * 2;
const PIECES_UNTIL_SAMPLES = 1152 * 16;

function* smallFirstPieces(blocks: Iterable<Float32Array>): Generator<Float32Array> {
  let emitted = 0;
  for (const block of blocks) {
    if (emitted >= PIECES_UNTIL_SAMPLES) {
      yield block;
      continue;
    }
    for (let pos = 0; pos < block.length; pos += FIRST_PIECE_SAMPLES) {
      const piece = block.subarray(pos, Math.min(block.length, pos + FIRST_PIECE_SAMPLES));
      emitted += piece.length;
      yield piece;
    }
  }
}

function pcmBlocks(spec: RenderSpec): Generator<Float32Array> {
  const blocks = synthesizeBlocks(spec.text, {
    voiceIndex: spec.voiceIndex,
    speed: spec.speed,
    sampleRate: spec.sampleRate,
  });
  return spec.fit ? fitToSamples(blocks, spec.samples) : blocks;
}

export async function render(spec: RenderSpec, sink: StreamSink): Promise<void> {
  if (spec.format === 'mp3') {
    const encoder = await openMp3Encoder(spec.encoder, spec.sampleRate, spec.mp3Kbps);
    for await (const chunk of encodeMp3Stream(
      smallFirstPieces(pcmBlocks(spec)),
      spec.sampleRate,
      spec.mp3Kbps,
      sink.signal,
      encoder,
    )) {
      await sink.send(chunk);
    }
  } else if (spec.format === 'pcm_s16le') {
    for (const block of smallFirstPieces(pcmBlocks(spec))) await sink.send(float32ToS16le(block));
  } else {
    const pcm = new Float32Array(spec.samples);
    let at = 0;
    for (const block of pcmBlocks(spec)) {
      if (sink.cancelled) return;
      pcm.set(block, at);
      at += block.length;
    }
    await sink.send(encodeWav(pcm, spec.sampleRate));
  }
}

/**
 * Compiles the encoder and the synthesiser in this thread (JIT, wasm module) with a short utterance per
 * quality tier, so the first request a thread serves is not a cold one. Returns the milliseconds it took.
 */
export async function warmUp(encoder: Mp3EncoderKind): Promise<number> {
  const t0 = performance.now();
  for (const { sampleRate, mp3Kbps } of Object.values(QUALITY_TIERS)) {
    const blocks = synthesizeBlocks('مرحبا بكم', { voiceIndex: 0, speed: 1, sampleRate });
    for await (const _ of encodeMp3Stream(
      blocks,
      sampleRate,
      mp3Kbps,
      undefined,
      await openMp3Encoder(encoder, sampleRate, mp3Kbps),
    )) {
      // discard
    }
  }
  return performance.now() - t0;
}
