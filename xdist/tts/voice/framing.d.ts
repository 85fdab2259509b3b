/**
 * Frame layout, header and checks. Times are seconds from the start of the utterance.
 *
 *   lead-in | SYNC1 SYNC2 HDR0 HDR1 (fixed slots of SYNC_SLOT) | data... END CRC_HI CRC_LO (slots of P) | tail
 *
 * Sync and header use a fixed slot length so the decoder can find them before it knows the speed; they
 * stay on the nominal tone grid so it can read them before it knows the voice.
 * Data slot length: P = 1 / (14 · speed) seconds, speed quantised to 0.05 in [0.5, 2] (14 characters per
 * second at speed 1; 71.4 ms at 1, 35.7 ms at 2, 142.9 ms at 0.5). In each slot the tone is on for
 * 0.75·P with raised-cosine ramps of 0.12·P, then silent for 0.25·P.
 */
import { SILENT } from './alphabet.js';
export declare const CHARS_PER_SECOND = 14;
export declare const SYNC_SLOT: number;
export declare const ON_FRACTION = 0.75;
export declare const RAMP_FRACTION = 0.12;
export declare const LEAD_IN = 0.05;
export declare const TAIL = 0.05;
export declare const SYNC_SLOTS = 4;
export declare const SPEED_MIN = 0.5;
export declare const SPEED_MAX = 2;
export declare function slotSeconds(speed: number): number;
/** Index 0..30 of the quantised speed (0.5 + 0.05·index). Out-of-range speeds are clamped. */
export declare function speedIndex(speed: number): number;
export declare function speedFromIndex(index: number): number;
/** Two header bytes: voice (3 bits) and speed index (5 bits), then their CRC-8. */
export declare function encodeHeader(voiceIndex: number, speedIdx: number): [number, number];
export declare function decodeHeader(b0: number, b1: number): {
    voiceIndex: number;
    speedIdx: number;
} | null;
/** CRC-16/CCITT-FALSE. */
export declare function crc16(bytes: Uint8Array): number;
/** UTF-8 of a code point sequence; lone surrogates are encoded like any other code point (WTF-8), so the
 *  CRC still covers them instead of collapsing them all to U+FFFD. */
export declare function codePointsToUtf8(cps: Iterable<number>): Uint8Array;
export declare function textCrc(text: string): number;
export interface SlotPlan {
    /** seconds from the start of the utterance */
    start: number;
    period: number;
    /** symbol, or SILENT */
    symbol: number;
    /** tone shift in Hz (the voice) */
    offsetHz: number;
}
export interface FramePlan {
    slots: SlotPlan[];
    /** continuous duration in seconds; the PCM has round(duration · rate) samples */
    duration: number;
    voiceIndex: number;
    speed: number;
}
export declare function checkVoiceIndex(voiceIndex: number): void;
export declare function planUtterance(text: string, voiceIndex: number, speed: number): FramePlan;
export declare function sampleCount(plan: FramePlan, sampleRate: number): number;
export { SILENT };
