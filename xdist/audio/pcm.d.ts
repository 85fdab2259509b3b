/** PCM helpers shared by TTS (synthesis, encoding) and STT (decoding, realtime). Mono Float32 in [-1, 1]. */
/** Interprets little-endian signed 16-bit PCM as Float32 samples. An odd trailing byte is ignored. */
export declare function s16leToFloat32(buf: Uint8Array): Float32Array;
/** Encodes Float32 samples as little-endian signed 16-bit PCM (clipped to range). */
export declare function float32ToS16le(pcm: Float32Array): Buffer;
/** Averages interleaved channels down to mono. */
export declare function downmix(channels: Float32Array[]): Float32Array;
/**
 * Band-limited resampling with a Hann-windowed sinc kernel. The cut-off follows the lower of the two
 * rates, so downsampling does not alias.
 */
export declare function resample(pcm: Float32Array, fromRate: number, toRate: number): Float32Array;
