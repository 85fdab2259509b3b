/**
 * Limits every JSON input shares (/v1 and admin bodies, multipart JSON fields, WebSocket frames, the config
 * file), checked on the raw text before anything parses or walks it (decision J1).
 */
/** The deepest nesting of arrays and objects accepted: `{"a":[1]}` is 2 deep. */
export declare const MAX_JSON_DEPTH = 32;
/**
 * The offset of the first bracket that goes deeper than `max`, or -1. A plain scan of the text (strings and
 * their escapes skipped): it needs no stack however deep the input, and it runs before any parser.
 */
export declare function jsonDepthOverflow(text: string | Uint8Array, max?: number): number;
/** The message every JSON input uses when it is nested too deeply; `what` names the input. */
export declare function depthMessage(what: string, offset: number, max?: number): string;
/**
 * The byte offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF), or -1 when the whole buffer is valid.
 */
export declare function invalidUtf8Offset(buf: Uint8Array): number;
