/**
 * Symbol alphabet of the synthetic voice. A symbol is one of 256 dual tones (low group index in the high
 * nibble, high group index in the low nibble). A space is not a symbol but a silent slot, so word
 * boundaries are audible and measurable. Code points outside the direct alphabet are escaped.
 */
/** A silent slot (the space character). */
export declare const SILENT = -1;
export declare const SYM_SYNC1 = 60;
export declare const SYM_SYNC2 = 195;
export declare const SYM_END = 15;
/** Escape followed by 1, 2 or 3 byte symbols holding the code point big-endian. */
export declare const SYM_ESC1 = 90;
export declare const SYM_ESC2 = 150;
export declare const SYM_ESC3 = 165;
/**
 * Longest run of silent slots. A longer run of spaces has its next space escaped (a tone), so the decoder
 * can give up on a lost utterance after this many silent slots instead of waiting forever.
 */
export declare const MAX_SILENT_RUN = 32;
/** Symbols (SILENT for spaces) carrying the text, without framing. */
export declare function textToSymbols(text: string): number[];
export interface ParsedChar {
    codePoint: number;
    /** data slot index of the first and last slot carrying this character */
    firstSlot: number;
    lastSlot: number;
}
export type ParseStatus = 'more' | 'done' | 'error';
/** Incremental inverse of textToSymbols followed by END and two CRC bytes (big-endian). */
export declare class SymbolParser {
    readonly chars: ParsedChar[];
    crc: number;
    private phase;
    private pending;
    private acc;
    private escapeSlot;
    private crcBytes;
    private silentRun;
    feed(symbol: number, slot: number): ParseStatus;
    get text(): string;
    private fail;
}
/** String.fromCodePoint in chunks, so long texts do not exceed the argument limit. */
export declare function codePointsToString(cps: readonly number[]): string;
