export interface M4aFacts {
    sampleRate: number;
    channels: number;
    durationSeconds: number;
}
/**
 * Header facts only (cheap: a walk of the box tree, no sample tables): the duration estimate used by the
 * credit and quota precheck. Throws AudioDecodeError.
 */
export declare function probeM4a(buf: Uint8Array): M4aFacts;
/**
 * The authoritative facts: also checks the chunk offsets against the file and asks music-metadata.
 * Duration: the edit list's presentation duration (which excludes AAC priming, as ffprobe does), otherwise
 * music-metadata's duration. Throws AudioDecodeError.
 */
export declare function readM4a(buf: Uint8Array): Promise<M4aFacts>;
