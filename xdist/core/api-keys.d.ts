import { type Random } from './random.js';
export type Environment = 'live' | 'test';
export declare const KEY_PREFIXES: Record<Environment, string>;
export declare const KEY_BODY_LENGTH = 32;
export declare const CHECKSUM_LENGTH = 6;
export declare function checksumTail(prefixAndBody: string): string;
/** Makes a new key; the emulator passes its seeded random source, for determinism. */
export declare function generateApiKey(environment: Environment, random?: Random): string;
export type ParsedApiKey = {
    ok: true;
    environment: Environment;
    prefix: string;
    display: string;
} | {
    ok: false;
    reason: 'prefix' | 'characters' | 'length' | 'checksum';
};
/** Checks format and checksum without any lookup (spec: "rejected before any lookup"). */
export declare function parseApiKey(key: string): ParsedApiKey;
/** Only the prefix and the last 4 characters are ever shown (spec, Authentication 4). */
export declare function displayKey(key: string): string;
/**
 * Replaces anything shaped like an API key (even mistyped or truncated) with its display form. Applied to
 * text that echoes what a client sent (error details, journal paths), so a key pasted in the wrong place
 * is never repeated back or recorded.
 */
export declare function redactApiKeys(text: string): string;
export declare const PARSE_FAILURE_DETAIL: Record<Exclude<ParsedApiKey, {
    ok: true;
}>['reason'], string>;
