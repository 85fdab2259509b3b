/**
 * The request log: one line per /v1 and admin request, WebSocket open and close, webhook attempt and job
 * transition, as text for people or JSON lines for log processors (field names in docs/observability.md).
 * Every value that may hold a credential goes through the Redactor before it is written.
 */
import type { LogLevel } from '../config.js';
import type { Redactor } from './redact.js';
export type LogFormat = 'text' | 'json';
export type LogSink = (line: string) => void;
/** Bodies in `debug` lines are cut at this many bytes of JSON text. */
export declare const LOG_BODY_LIMIT_BYTES = 2048;
/** A log record: `time`, `level` and `event` first, then the event's fields (null fields are left out). */
export type LogRecord = {
    event: string;
} & Record<string, unknown>;
export declare class RequestLog {
    private readonly level;
    private readonly format;
    private readonly redact;
    private readonly sink;
    constructor(level: LogLevel, format: LogFormat, redact: Redactor, sink: LogSink | null);
    enabled(level: Exclude<LogLevel, 'silent'>): boolean;
    get debug(): boolean;
    write(level: Exclude<LogLevel, 'silent'>, record: LogRecord): void;
    /** A body for a debug line: the JSON value, or beyond LOG_BODY_LIMIT_BYTES a string of its first bytes and `…`. */
    body(value: unknown): unknown;
}
