import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  checkFirstFrame
} from "./chunk-ZR2GVYUP.js";
import {
  MP3_BLOCK
} from "./chunk-TOBIFDEH.js";
import "./chunk-5GASQT6B.js";

// src/audio/mp3-wasm.ts
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createEncoder } from "wasm-media-encoders";
var wasmBytes;
var compiled;
var free = [];
async function instance() {
  const spare = free.pop();
  if (spare) return spare;
  wasmBytes ??= readFileSync(createRequire(import.meta.url).resolve("wasm-media-encoders/wasm/mp3"));
  return createEncoder("audio/mpeg", compiled ?? wasmBytes, (module) => compiled ??= module);
}
var WasmMp3StreamEncoder = class _WasmMp3StreamEncoder {
  constructor(sampleRate, kbps, wasm) {
    this.sampleRate = sampleRate;
    this.kbps = kbps;
    this.wasm = wasm;
  }
  sampleRate;
  kbps;
  wasm;
  block = new Float32Array(MP3_BLOCK);
  filled = 0;
  checked = false;
  finished = false;
  static async open(sampleRate, kbps) {
    if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`invalid sample rate ${sampleRate}`);
    if (!Number.isInteger(kbps) || kbps <= 0) throw new RangeError(`invalid MP3 bitrate ${kbps}`);
    const wasm = await instance();
    try {
      wasm.configure({ sampleRate, channels: 1, bitrate: kbps });
    } catch (err) {
      free.push(wasm);
      throw new RangeError(`wasm LAME cannot encode ${sampleRate} Hz at ${kbps} kbps: ${err.message}`);
    }
    return new _WasmMp3StreamEncoder(sampleRate, kbps, wasm);
  }
  encodeRange(pcm, from, to, out) {
    if (this.finished) throw new Error("WasmMp3StreamEncoder: encode after flush");
    let pos = from;
    while (pos < to) {
      const n = Math.min(MP3_BLOCK - this.filled, to - pos);
      for (let i = 0; i < n; i++) {
        const s = pcm[pos + i];
        this.block[this.filled + i] = s >= 1 ? 1 : s <= -1 ? -1 : s || 0;
      }
      this.filled += n;
      pos += n;
      if (this.filled === MP3_BLOCK) {
        this.emit(this.wasm.encode([this.block]), out);
        this.filled = 0;
      }
    }
  }
  flush() {
    if (this.finished) return Buffer.alloc(0);
    const out = [];
    if (this.filled > 0) this.emit(this.wasm.encode([this.block.subarray(0, this.filled)]), out);
    this.filled = 0;
    this.emit(this.wasm.finalize(), out);
    this.release();
    return Buffer.concat(out);
  }
  /** Gives the wasm instance back for the next utterance (also after an abandoned encode). */
  release() {
    if (this.finished) return;
    this.finished = true;
    free.push(this.wasm);
  }
  emit(bytes, out) {
    if (bytes.length === 0) return;
    const buf = Buffer.from(bytes);
    if (!this.checked) {
      this.checked = true;
      checkFirstFrame(buf, this.sampleRate, this.kbps, "wasm LAME");
    }
    out.push(buf);
  }
};
export {
  WasmMp3StreamEncoder
};
