import type { Violation } from './contract.js';
export declare const RECORDING_FORMAT = "svc-emulator-recording/1";
/** Exchange files are `NNNNNN-<method>-<path>.json`; anything else in the folder is ignored. */
/** Binary bytes kept for the recording of one exchange (an HTTP answer, or a WebSocket session's frames), at most. */
export declare const RECORD_LIMIT_BYTES: number;
export declare const EXCHANGE_FILE_RE: RegExp;
export type RecordedBody = {
    kind: 'none';
} | {
    kind: 'json';
    json: unknown;
} | {
    kind: 'text';
    text: string;
} | {
    kind: 'binary';
    content_type: string | null;
    size: number;
    sha256: string;
    file: string;
} | {
    kind: 'multipart';
    fields: Record<string, string>;
    files: RecordedFile[];
};
export interface RecordedFile {
    field: string;
    filename: string;
    content_type: string;
    size: number;
    sha256: string;
    file: string;
}
export interface RecordedFrame {
    from: 'client' | 'server';
    /** Text frames hold their JSON (or text when not JSON); binary frames a slice of the session's .bin file. */
    json?: unknown;
    text?: string;
    binary?: {
        size: number;
        offset: number;
        sha256: string;
    };
}
interface ExchangeBase {
    format: typeof RECORDING_FORMAT;
    id: string;
    recorded_at: string;
    upstream: string;
    operation_id: string | null;
    request: {
        method: string;
        path: string;
        query: Record<string, string | string[]>;
        headers: Record<string, string>;
        body: RecordedBody;
    };
    response: {
        status: number | null;
        headers: Record<string, string>;
        body: RecordedBody;
    };
    contract_violations: Violation[];
}
export interface HttpExchange extends ExchangeBase {
    kind: 'http';
}
export interface WebSocketExchange extends ExchangeBase {
    kind: 'websocket';
    /** The subprotocol the upstream selected, redacted when it was a ws-token. */
    protocol: string | null;
    frames: RecordedFrame[];
    /** The `.bin` file holding the binary frames, in order, when there were any. */
    binary_file: string | null;
    close: {
        code: number | null;
        reason: string;
        by: 'client' | 'server' | null;
    };
}
export type Exchange = HttpExchange | WebSocketExchange;
export declare const sha256: (data: Uint8Array) => string;
/** Reads every exchange of a folder, in recorded order. */
export declare function readRecordings(dir: string): Exchange[];
export declare function readBeside(dir: string, file: string): Buffer;
export {};
