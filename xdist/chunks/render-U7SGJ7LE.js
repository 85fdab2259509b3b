import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  float32ToS16le
} from "./chunk-UG7P7IQL.js";
import {
  encodeMp3Stream,
  encodeWav,
  openMp3Encoder
} from "./chunk-ZR2GVYUP.js";
import {
  synthesizeBlocks
} from "./chunk-I4R5KMDQ.js";
import {
  QUALITY_TIERS
} from "./chunk-TOBIFDEH.js";
import "./chunk-5GASQT6B.js";

// src/tts/render.ts
var FIRST_PIECE_SAMPLES = 1152 * 2;
var PIECES_UNTIL_SAMPLES = 1152 * 16;
function* smallFirstPieces(blocks) {
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
function pcmBlocks(spec) {
  return synthesizeBlocks(spec.text, { voiceIndex: spec.voiceIndex, speed: spec.speed, sampleRate: spec.sampleRate });
}
async function render(spec, sink) {
  if (spec.format === "mp3") {
    const encoder = await openMp3Encoder(spec.encoder, spec.sampleRate, spec.mp3Kbps);
    for await (const chunk of encodeMp3Stream(smallFirstPieces(pcmBlocks(spec)), spec.sampleRate, spec.mp3Kbps, sink.signal, encoder)) {
      await sink.send(chunk);
    }
  } else if (spec.format === "pcm_s16le") {
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
async function warmUp(encoder) {
  const t0 = performance.now();
  for (const { sampleRate, mp3Kbps } of Object.values(QUALITY_TIERS)) {
    const blocks = synthesizeBlocks("\u0645\u0631\u062D\u0628\u0627 \u0628\u0643\u0645", { voiceIndex: 0, speed: 1, sampleRate });
    for await (const _ of encodeMp3Stream(blocks, sampleRate, mp3Kbps, void 0, await openMp3Encoder(encoder, sampleRate, mp3Kbps))) {
    }
  }
  return performance.now() - t0;
}
export {
  render,
  warmUp
};
