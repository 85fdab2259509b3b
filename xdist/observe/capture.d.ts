import type { Request, Response } from 'express';
import { type AudioSummary } from './audio-summary.js';
import type { Redactor } from './redact.js';
/** Request and response bodies are kept whole up to this many bytes of JSON text (docs/observability.md). */
export declare const JOURNAL_BODY_LIMIT_BYTES: number;
export interface MultipartSummary {
    fields: Record<string, string>;
    files: {
        field: string;
        name: string;
        type: string;
        size: number;
        sha256: string;
    }[];
}
export interface RequestDetail {
    headers: Record<string, string>;
    query: Record<string, string | string[]>;
    body: unknown;
    body_truncated: boolean;
    multipart: MultipartSummary | null;
}
export interface ResponseDetail {
    headers: Record<string, string>;
    body: unknown;
    body_truncated: boolean;
    audio: AudioSummary | null;
}
/** A JSON value as the journal keeps it: redacted, and cut to a string prefix beyond the limit. */
export declare function boundedJson(value: unknown, redact: Redactor, limit?: number): {
    body: unknown;
    truncated: boolean;
};
/**
 * `boundedJson(JSON.parse(text))` for text that JSON.stringify wrote, into `holder.body`: writing the value again
 * would give the same text, so it is only redacted, and parsed if and when someone reads the body.
 * Returns whether the body was cut.
 */
export declare function setBoundedJsonText(holder: {
    body: unknown;
}, text: string, redact: Redactor, limit?: number): boolean;
/** The longest prefix of `text` that fits in `limit` UTF-8 bytes, without splitting a character. */
export declare function cutUtf8(text: string, limit: number): string;
/** The JSON body as the client sent it, before validation filled in defaults (set by the /v1 router). */
export declare function keepSentJson(res: Response, body: unknown): void;
/** The whole JSON response body as JSON.stringify wrote it (set by sendJson and sendProblem, which end the response). */
export declare function keepResponseJson(res: Response, text: string): void;
export declare function requestDetail(req: Request, res: Response, redact: Redactor): RequestDetail;
/** Taps `res.write`/`res.end`, keeping the first `keepBytes` bytes and counting the rest. */
export declare class ResponseTap {
    private readonly keepBytes;
    private chunks;
    private kept;
    bytes: number;
    constructor(res: Response, keepBytes: number);
    private capture;
    private buffers;
    /** Everything sent, when all of it was kept. */
    whole(): Buffer | undefined;
    head(): Buffer;
}
export declare function responseDetail(res: Response, tap: ResponseTap, redact: Redactor): ResponseDetail;
export declare function tapKeepBytes(contractCheck: boolean): number;
