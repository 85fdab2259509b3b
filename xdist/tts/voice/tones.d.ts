/** Tone grid: 16 low tones (350 + 90·i Hz) and 16 high tones (1850 + 90·j Hz), all within telephone
 *  bandwidth so 8 kHz PCM and narrow-band codecs keep them. */
export declare const LOW_BASE_HZ = 350;
export declare const HIGH_BASE_HZ = 1850;
export declare const TONE_STEP_HZ = 90;
export declare const TONES_PER_GROUP = 16;
/** Peak amplitude per tone; two tones peak at 0.7, leaving headroom for codecs' overshoot. */
export declare const TONE_AMPLITUDE = 0.35;
/** Voices shift the data tones by -28 … +28 Hz in 8 Hz steps: far enough apart to tell (the tone
 *  spacing is 90 Hz), close enough that every voice decodes with the same filter layout. */
export declare const VOICE_COUNT = 8;
export declare function voiceOffsetHz(voiceIndex: number): number;
export declare function lowToneHz(symbol: number, offsetHz: number): number;
export declare function highToneHz(symbol: number, offsetHz: number): number;
export declare const MIN_SAMPLE_RATE = 8000;
export declare const MAX_SAMPLE_RATE = 192000;
export declare function checkSampleRate(sampleRate: number): void;
