export { sniffAudioFormat } from './formats.js';
export { encodeWav, encodeMp3, encodeMp3Stream, Mp3StreamEncoder, warmUpMp3Encoder, QUALITY_TIERS, LAMEJS_ENCODER_DELAY, MP3_ENCODERS, DEFAULT_MP3_ENCODER, openMp3Encoder, } from './encode.js';
export { decodeAudio, decodeStream, AudioDecodeError, DEFAULT_AUDIO_LIMITS, } from './decode.js';
export { probeAudio } from './probe.js';
export { s16leToFloat32, float32ToS16le, downmix, resample } from './pcm.js';
