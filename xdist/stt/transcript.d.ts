/**
 * The engine-neutral transcript every source produces (scripted, round trip, fallback), and the one
 * function that shapes it into the public SttResult (openapi/gateway.yaml) for the request's options.
 */
export interface TranscriptWord {
    word: string;
    start: number;
    end: number;
    confidence: number;
}
export interface TranscriptSegment {
    start: number;
    end: number;
    text: string;
    confidence: number;
    speaker: string | null;
    words: TranscriptWord[];
}
export type TranscriptSource = 'scripted' | 'round_trip' | 'fallback';
export interface Transcript {
    source: TranscriptSource;
    text: string;
    segments: TranscriptSegment[];
    /** A language the source knows for sure (scripted); otherwise detected or echoed. */
    language?: string;
}
export interface ResultOptions {
    /** `auto` or an ISO-639 code. */
    language: string;
    diarize: boolean;
    wordTimestamps: boolean;
}
export interface SttWordView {
    word: string;
    start: number;
    end: number;
    confidence: number;
    segment_id: number;
    speaker?: string | null;
}
export interface SttSegmentView {
    id: number;
    start: number;
    end: number;
    text: string;
    confidence: number;
    speaker?: string | null;
}
export interface SttResultView {
    text: string;
    language: string;
    duration_seconds: number;
    segments: SttSegmentView[];
    words?: SttWordView[];
    request_id?: string;
}
/** Seconds kept to the millisecond in every public body. */
export declare const ms: (seconds: number) => number;
/**
 * `language=auto`: the script of the transcript's letters decides — Arabic script → `ar`, Latin → `en`.
 * Text with neither (empty, digits, emoji) is `ar`, the product's language.
 */
export declare function detectLanguage(text: string): string;
/** Lays words out evenly over [start, end]: each word gets its share, 80% voiced then a short pause. */
export declare function spreadWords(words: string[], start: number, end: number, confidence: (i: number) => number): TranscriptWord[];
export declare function shapeResult(t: Transcript, durationSeconds: number, opts: ResultOptions): SttResultView;
