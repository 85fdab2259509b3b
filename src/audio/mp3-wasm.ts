/**
 * MP3 encoding with LAME compiled to WebAssembly (`wasm-media-encoders`): the default encoder, 5-6× faster
 * than lamejs on the same PCM (docs/benchmarks.md, "MP3 encoders"). Like lamejs it writes no Xing/LAME tag
 * when streaming, so its output carries the same 1105-sample encoder delay (LAMEJS_ENCODER_DELAY).
 *
 * The WebAssembly module is compiled once per thread; encoder instances (one wasm memory each) are kept in a
 * free list and re-configured per utterance, which resets LAME's state, so output stays byte-identical.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createEncoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { MP3_BLOCK } from './encoders.js';
import { checkFirstFrame, type Mp3FrameEncoder } from './mp3-frame.js';

type WasmMp3 = WasmMediaEncoder<'audio/mpeg'>;
type CbrKbps = 8 | 16 | 24 | 32 | 40 | 48 | 64 | 80 | 96 | 112 | 128 | 160 | 192 | 224 | 256 | 320;

let wasmBytes: Uint8Array | undefined;
// The compiled WebAssembly.Module (typed through the library: the build has no DOM or wasm lib).
let compiled: Exclude<Parameters<typeof createEncoder>[1], string | ArrayBuffer | Uint8Array> | undefined;
const free: WasmMp3[] = [];

async function instance(): Promise<WasmMp3> {
  const spare = free.pop();
  if (spare) return spare;
  wasmBytes ??= readFileSync(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'));
  return createEncoder('audio/mpeg', compiled ?? wasmBytes, (module) => (compiled ??= module));
}

/** Incremental mono MP3 encoder on wasm LAME; same contract as Mp3StreamEncoder (encode.ts). */
export class WasmMp3StreamEncoder implements Mp3FrameEncoder {
  private readonly block = new Float32Array(MP3_BLOCK);
  private filled = 0;
  private checked = false;
  private finished = false;

  private constructor(
    readonly sampleRate: number,
    readonly kbps: number,
    private readonly wasm: WasmMp3,
  ) {}

  static async open(sampleRate: number, kbps: number): Promise<WasmMp3StreamEncoder> {
    if (!Number.isInteger(sampleRate) || sampleRate <= 0)
      throw new RangeError(`invalid sample rate ${sampleRate}`);
    if (!Number.isInteger(kbps) || kbps <= 0) throw new RangeError(`invalid MP3 bitrate ${kbps}`);
    const wasm = await instance();
    try {
      wasm.configure({ sampleRate, channels: 1, bitrate: kbps as CbrKbps });
    } catch (err) {
      free.push(wasm);
      throw new RangeError(
        `wasm LAME cannot encode ${sampleRate} Hz at ${kbps} kbps: ${(err as Error).message}`,
      );
    }
    return new WasmMp3StreamEncoder(sampleRate, kbps, wasm);
  }

  encodeRange(pcm: Float32Array, from: number, to: number, out: Buffer[]): void {
    if (this.finished) throw new Error('WasmMp3StreamEncoder: encode after flush');
    let pos = from;
    while (pos < to) {
      const n = Math.min(MP3_BLOCK - this.filled, to - pos);
      // Same clamping as the lamejs path (NaN becomes 0), in float: LAME scales floats itself.
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

  flush(): Buffer {
    if (this.finished) return Buffer.alloc(0);
    const out: Buffer[] = [];
    if (this.filled > 0) this.emit(this.wasm.encode([this.block.subarray(0, this.filled)]), out);
    this.filled = 0;
    this.emit(this.wasm.finalize(), out);
    this.release();
    return Buffer.concat(out);
  }

  /** Gives the wasm instance back for the next utterance (also after an abandoned encode). */
  release(): void {
    if (this.finished) return;
    this.finished = true;
    free.push(this.wasm);
  }

  private emit(bytes: Uint8Array, out: Buffer[]): void {
    if (bytes.length === 0) return;
    // The bytes live in the encoder's wasm memory and are overwritten by the next call: copy them.
    const buf = Buffer.from(bytes);
    if (!this.checked) {
      this.checked = true;
      checkFirstFrame(buf, this.sampleRate, this.kbps, 'wasm LAME');
    }
    out.push(buf);
  }
}
