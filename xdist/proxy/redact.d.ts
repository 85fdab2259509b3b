/**
 * What a recording may hold: never an API key, a ws-token or a secret. Headers that carry credentials
 * keep only a display form; JSON fields named like a credential are replaced; any string shaped like a
 * key or a ws-token is reduced to its display form wherever it appears.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
export declare const REDACTED = "[redacted]";
export declare function redactText(text: string): string;
export declare function redactHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string>;
export declare function redactJson(value: unknown): unknown;
