export { sniffAudioFormat, type AudioFormat } from './formats.js';
export { encodeWav, encodeMp3, encodeMp3Stream, Mp3StreamEncoder, warmUpMp3Encoder, QUALITY_TIERS, type QualityTier, LAMEJS_ENCODER_DELAY, MP3_ENCODERS, DEFAULT_MP3_ENCODER, openMp3Encoder, type Mp3EncoderKind, type Mp3FrameEncoder, } from './encode.js';
export { decodeAudio, decodeStream, AudioDecodeError, DEFAULT_AUDIO_LIMITS, type AudioDecodeErrorCode, type AudioFacts, type AudioLimits, type DecodedAudio, type PcmSink, } from './decode.js';
export { probeAudio, type AudioProbe } from './probe.js';
export { s16leToFloat32, float32ToS16le, downmix, resample } from './pcm.js';
