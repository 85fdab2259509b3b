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
export const QUALITY_TIERS = {
    fast: { sampleRate: 16000, mp3Kbps: 32 },
    standard: { sampleRate: 22050, mp3Kbps: 64 },
    high: { sampleRate: 24000, mp3Kbps: 96 },
};
/** lamejs consumes whole MPEG-1 granule pairs; feeding exactly this many samples keeps output deterministic. */
export const MP3_BLOCK = 1152;
/**
 * Encoder delay of our MP3 output (neither encoder writes a Xing/LAME tag when streaming, so decoders keep
 * it): 576 + 529 samples, the same for lamejs and wasm LAME.
 */
export const LAMEJS_ENCODER_DELAY = 1105;
/** The two MP3 encoders (`--mp3-encoder`): wasm LAME (default, faster) and lamejs (pure JavaScript). */
export const MP3_ENCODERS = ['wasm', 'lamejs'];
export const DEFAULT_MP3_ENCODER = 'wasm';
