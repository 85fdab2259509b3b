import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { type Exchange, type RecordedBody } from './recording.js';
export declare class Recorder {
    readonly dir: string;
    private readonly upstream;
    private readonly now;
    private seq;
    constructor(dir: string, upstream: string, now: () => string);
    /** Reserves the exchange's name when the request arrives, so files sort in arrival order. */
    open(method: string, path: string): Draft;
    writeFile(name: string, data: Buffer): void;
    save(exchange: Omit<Exchange, 'format' | 'recorded_at' | 'upstream'>): void;
}
/** One exchange being recorded: names its side files after itself. */
export declare class Draft {
    private readonly recorder;
    readonly id: string;
    constructor(recorder: Recorder, id: string);
    /** A body as recorded: JSON (redacted), text (redacted), or bytes in a file beside the exchange. */
    body(part: 'request' | 'response', contentType: string | undefined, data: Buffer | null): RecordedBody;
    /** A multipart body: text fields (redacted) and, per file, its name, type, size and SHA-256, bytes beside. */
    multipart(form: FormData, files: {
        field: string;
        filename: string;
        type: string;
        data: Buffer;
    }[]): RecordedBody;
    headers(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string>;
    writeBinary(data: Buffer): string;
    save(exchange: Omit<Exchange, 'format' | 'recorded_at' | 'upstream' | 'id'>): void;
}
/** A query object with every value redacted. */
export declare function redactQuery(query: URLSearchParams): Record<string, string | string[]>;
