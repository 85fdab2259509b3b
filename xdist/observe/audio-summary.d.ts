/**
 * The audio summary of a journal entry: content type, bytes and duration, worked out from the first bytes
 * of the response (the WAV header, or the first MP3 frame header of a constant-bitrate stream) and its size.
 */
export interface AudioSummary {
    type: string;
    bytes: number;
    duration_seconds: number | null;
}
export declare function audioSummary(type: string, head: Buffer, bytes: number): AudioSummary;
