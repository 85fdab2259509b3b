/**
 * The encoders' settings as plain constants, apart from the encoders themselves (encode.ts loads lamejs and
 * wav-encoder): the CLI, the config and the main thread's TTS service need only these, so start-up does not
 * load an encoder (docs/benchmarks.md, issue 15).
 */
/**
 * Output rate and MP3 bitrate per quality tier. Every pair is one lamejs encodes faithfully (it keeps the
 * rate and writes real audio; see synthetic-voice.md for the pairs where it silently resamples or writes
 * silence) — encode.test.ts checks each tier through mpg123 and ffprobe.
 */
export declare const QUALITY_TIERS: {
    readonly fast: {
        readonly sampleRate: 16000;
        readonly mp3Kbps: 32;
    };
    readonly standard: {
        readonly sampleRate: 22050;
        readonly mp3Kbps: 64;
    };
    readonly high: {
        readonly sampleRate: 24000;
        readonly mp3Kbps: 96;
    };
};
export type QualityTier = keyof typeof QUALITY_TIERS;
/** lamejs consumes whole MPEG-1 granule pairs; feeding exactly this many samples keeps output deterministic. */
export declare const MP3_BLOCK = 1152;
/**
 * Encoder delay of our MP3 output (neither encoder writes a Xing/LAME tag when streaming, so decoders keep
 * it): 576 + 529 samples, the same for lamejs and wasm LAME.
 */
export declare const LAMEJS_ENCODER_DELAY = 1105;
/** The two MP3 encoders (`--mp3-encoder`): wasm LAME (default, faster) and lamejs (pure JavaScript). */
export declare const MP3_ENCODERS: readonly ["wasm", "lamejs"];
export type Mp3EncoderKind = (typeof MP3_ENCODERS)[number];
export declare const DEFAULT_MP3_ENCODER: Mp3EncoderKind;
