import { type Mp3FrameEncoder } from './encode.js';
/** Incremental mono MP3 encoder on wasm LAME; same contract as Mp3StreamEncoder (encode.ts). */
export declare class WasmMp3StreamEncoder implements Mp3FrameEncoder {
    readonly sampleRate: number;
    readonly kbps: number;
    private readonly wasm;
    private readonly block;
    private filled;
    private checked;
    private finished;
    private constructor();
    static open(sampleRate: number, kbps: number): Promise<WasmMp3StreamEncoder>;
    encodeRange(pcm: Float32Array, from: number, to: number, out: Buffer[]): void;
    flush(): Buffer;
    /** Gives the wasm instance back for the next utterance (also after an abandoned encode). */
    release(): void;
    private emit;
}
