import { MAX_SAMPLE_RATE, MIN_SAMPLE_RATE } from '../tts/voice/tones.js';
export function canDecodeVoiceAt(sampleRate) {
    return Number.isInteger(sampleRate) && sampleRate >= MIN_SAMPLE_RATE && sampleRate <= MAX_SAMPLE_RATE;
}
/**
 * One segment per utterance. `offsetSeconds` is subtracted from every time (the MP3 encoder delay that
 * decoders keep when the file has no LAME tag), clamped at 0.
 */
export function utteranceSegment(u, speaker, offsetSeconds = 0) {
    const t = (x) => Math.max(0, x - offsetSeconds);
    return {
        start: t(u.start),
        end: t(u.end),
        text: u.text,
        confidence: 1,
        speaker: speaker(u.voiceIndex),
        words: u.words.map((w) => ({ word: w.word, start: t(w.start), end: t(w.end), confidence: 1 })),
    };
}
export function roundTripTranscript(utterances, speaker, offsetSeconds = 0) {
    const segments = utterances.map((u) => utteranceSegment(u, speaker, offsetSeconds));
    return { source: 'round_trip', text: segments.map((s) => s.text).join(' '), segments };
}
