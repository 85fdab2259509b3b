/**
 * Scripted transcripts, registered through `POST /_emulator/stt/scripts`. A script matches by the
 * SHA-256 of the uploaded bytes, by the uploaded file name, or answers the next N requests (queue).
 * Matching order: sha256, then file_name (newest script first for both), then the oldest queue script.
 * Scripts with an `org_id` only match that organization's requests; without one, any organization's.
 */
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { Transcript } from './transcript.js';
export interface ScriptSegmentInput {
    start: number;
    end: number;
    text: string;
    speaker?: string | null;
    confidence?: number;
}
export interface ScriptWordInput {
    word: string;
    start: number;
    end: number;
    confidence?: number;
}
export interface ScriptErrorInput {
    status: number;
    code: string;
    title?: string;
    detail?: string;
}
/** The admin body (schema `SttScriptInput` in openapi/admin.yaml); exactly one of sha256, file_name, queue. */
export interface ScriptInput {
    org_id?: string;
    sha256?: string;
    file_name?: string;
    queue?: number;
    text?: string;
    language?: string;
    segments?: ScriptSegmentInput[];
    words?: ScriptWordInput[];
    speakers?: string[];
    confidence?: number;
    error?: ScriptErrorInput;
}
export type ScriptMatch = 'sha256' | 'file_name' | 'queue';
export interface Script extends ScriptInput {
    id: string;
    match: ScriptMatch;
    /** Requests it still answers (queue scripts); null for sha256 and file_name scripts. */
    remaining: number | null;
    /** Requests it has answered so far. */
    matched: number;
    created_at: string;
    /** Its error status is one the transcription operation does not document (decision F9). */
    off_contract: boolean;
}
export interface ScriptRequest {
    orgId: string;
    sha256?: string;
    fileName?: string;
}
export declare class ScriptStore {
    private readonly deps;
    private scripts;
    constructor(deps: {
        clock: Clock;
        ids: IdFactory;
    });
    add(input: ScriptInput, offContract?: boolean): Script;
    list(orgId?: string): Script[];
    delete(id: string): boolean;
    /** Deletes every script (of one organization when given); returns how many. */
    clear(orgId?: string): number;
    reset(): void;
    /** Finds the script for a request and counts it as used (a queue script is consumed). */
    take(req: ScriptRequest): Script | undefined;
}
/**
 * The transcript a script describes, laid over `durationSeconds` of audio:
 * - `segments` are used as given; otherwise `text` becomes one segment per sentence spread over the audio;
 * - `words` are used as given (each in the segment containing its start); otherwise each segment's words
 *   are spread evenly over it;
 * - speakers: the segment's own, else `speakers` round-robin, else `speaker_0`;
 * - confidence: the segment's or word's own, else `confidence`, else 1.
 */
export declare function scriptedTranscript(script: Script, durationSeconds: number): Transcript;
