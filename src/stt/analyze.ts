/**
 * The worker side of an STT upload (task `audio.analyze`, src/stt/worker-tasks.ts): decodes the file
 * chunk by chunk and feeds each chunk to the voice decoder and to a running RMS, so no full-length PCM is
 * ever held; then, for audio that is not the emulator's own voice, writes the fallback transcript.
 * Everything here is plain data in and out (it crosses the thread boundary).
 */
import { decodeStream, type AudioFacts, type AudioLimits } from '../audio/decode.js';
import { probeAudio } from '../audio/probe.js';
import { StreamingDecoder, type DecodedUtterance, type StreamingEvent } from '../tts/voice/index.js';
import { fallbackTranscript, loadFaker, SILENCE_RMS } from './fallback.js';
import { canDecodeVoiceAt } from './round-trip.js';
import { ms, type Transcript } from './transcript.js';

export interface AnalyzeInput {
  bytes: Uint8Array;
  limits: AudioLimits;
  /** Look for the emulator's own voice and write a fallback transcript; false: duration only (scripted uploads). */
  transcribe: boolean;
  /** Hex SHA-256 of the upload: the fallback transcript's seed. */
  sha256: string;
}

export interface AnalyzeOutput {
  facts: AudioFacts;
  utterances: DecodedUtterance[];
  /** The fallback transcript, when `transcribe` is set and the audio holds no voice utterance. */
  fallback: Transcript | null;
}

export async function analyzeUpload(input: AnalyzeInput): Promise<AnalyzeOutput> {
  const probe = probeAudio(input.bytes, input.limits);
  const voice =
    input.transcribe && canDecodeVoiceAt(probe.sampleRate)
      ? new StreamingDecoder(probe.sampleRate)
      : undefined;
  const utterances: DecodedUtterance[] = [];
  const collect = (events: StreamingEvent[]): void => {
    for (const e of events) if (e.type === 'utterance') utterances.push(e.utterance);
  };
  let sumSquares = 0;
  let samples = 0;
  const facts = await decodeStream(
    input.bytes,
    (pcm) => {
      if (!input.transcribe) return;
      for (let i = 0; i < pcm.length; i++) sumSquares += pcm[i] * pcm[i];
      samples += pcm.length;
      if (voice) collect(voice.push(pcm));
    },
    input.limits,
    probe,
  );
  if (voice) collect(voice.end());
  let fallback: Transcript | null = null;
  if (input.transcribe && utterances.length === 0) {
    // M4A is never decoded (no AAC decoder): its loudness is unknown, so it is not treated as silence.
    const silent =
      facts.format === 'm4a' ? null : samples === 0 || Math.sqrt(sumSquares / samples) < SILENCE_RMS;
    if (silent !== true) await loadFaker();
    fallback = fallbackTranscript(Buffer.from(input.sha256, 'hex'), ms(facts.durationSeconds), silent);
  }
  return { facts, utterances, fallback };
}
