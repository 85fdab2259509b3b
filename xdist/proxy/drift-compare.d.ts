export type DriftAspect = 'status' | 'code' | 'content_type' | 'fields' | 'ratelimit_headers' | 'audio_format' | 'audio_duration' | 'frames' | 'close_code';
export interface DriftDifference {
    aspect: DriftAspect;
    /** JSON pointer of a field, for `fields`. */
    path?: string;
    recorded: unknown;
    emulator: unknown;
}
/** One side of an exchange, reduced to what is compared. */
export interface Answer {
    status: number | null;
    contentType: string | null;
    headers: Record<string, string>;
    json?: unknown;
    audio?: Uint8Array;
    frames?: string[];
    closeCode?: number | null;
}
export declare const mediaType: (contentType: string | null | undefined) => string | null;
/** Field set and types, recursively; arrays are compared through their first items. */
export declare function shapeDifferences(recorded: unknown, emulator: unknown, path?: string): DriftDifference[];
export declare function compareAnswers(recorded: Answer, emulator: Answer, toleranceSeconds: number): Promise<DriftDifference[]>;
/**
 * Frame types in order: a JSON frame's `type` (or `json`), `text` or `binary`, each run of one type counted
 * once: how many partials or audio chunks a stream is cut into depends on timing and chunk sizes, not on
 * the contract.
 */
export declare function frameTypes(frames: {
    json?: unknown;
    text?: string;
    binary?: unknown;
}[]): string[];
