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
import { SILENT, SYM_END, SYM_SYNC1, SYM_SYNC2, textToSymbols } from './alphabet.js';
import { VOICE_COUNT, voiceOffsetHz } from './tones.js';
export const CHARS_PER_SECOND = 14;
export const SYNC_SLOT = 1 / CHARS_PER_SECOND;
export const ON_FRACTION = 0.75;
export const RAMP_FRACTION = 0.12;
export const LEAD_IN = 0.05;
export const TAIL = 0.05;
export const SYNC_SLOTS = 4;
export const SPEED_MIN = 0.5;
export const SPEED_MAX = 2;
const SPEED_STEPS_PER_UNIT = 20; // 0.05 precision
export function slotSeconds(speed) {
    return 1 / (CHARS_PER_SECOND * speed);
}
/** Index 0..30 of the quantised speed (0.5 + 0.05·index). Out-of-range speeds are clamped. */
export function speedIndex(speed) {
    if (!Number.isFinite(speed))
        throw new RangeError(`speed must be a finite number, got ${speed}`);
    const clamped = Math.min(SPEED_MAX, Math.max(SPEED_MIN, speed));
    return Math.round((clamped - SPEED_MIN) * SPEED_STEPS_PER_UNIT);
}
export function speedFromIndex(index) {
    return (SPEED_MIN * SPEED_STEPS_PER_UNIT + index) / SPEED_STEPS_PER_UNIT;
}
/** CRC-8 (poly 0x07), for the header check. */
function crc8(byte) {
    let c = byte & 0xff;
    for (let i = 0; i < 8; i++)
        c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
    return c;
}
// The xor keeps an all-zero header (e.g. a stuck tone) from checking out.
const HEADER_XOR = 0xa5;
/** Two header bytes: voice (3 bits) and speed index (5 bits), then their CRC-8. */
export function encodeHeader(voiceIndex, speedIdx) {
    const b0 = (voiceIndex << 5) | speedIdx;
    return [b0, crc8(b0) ^ HEADER_XOR];
}
export function decodeHeader(b0, b1) {
    if ((crc8(b0) ^ HEADER_XOR) !== b1)
        return null;
    const speedIdx = b0 & 0x1f;
    const voiceIndex = b0 >> 5;
    if (speedIdx > speedIndex(SPEED_MAX) || voiceIndex >= VOICE_COUNT)
        return null;
    return { voiceIndex, speedIdx };
}
/** CRC-16/CCITT-FALSE. */
export function crc16(bytes) {
    let crc = 0xffff;
    for (const b of bytes) {
        crc ^= b << 8;
        for (let i = 0; i < 8; i++)
            crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
    return crc;
}
/** UTF-8 of a code point sequence; lone surrogates are encoded like any other code point (WTF-8), so the
 *  CRC still covers them instead of collapsing them all to U+FFFD. */
export function codePointsToUtf8(cps) {
    const out = [];
    for (const cp of cps) {
        if (cp < 0x80)
            out.push(cp);
        else if (cp < 0x800)
            out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
        else if (cp < 0x10000)
            out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
        else
            out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    }
    return Uint8Array.from(out);
}
export function textCrc(text) {
    const cps = [];
    for (const ch of text)
        cps.push(ch.codePointAt(0) ?? 0);
    return crc16(codePointsToUtf8(cps));
}
export function checkVoiceIndex(voiceIndex) {
    if (!Number.isInteger(voiceIndex) || voiceIndex < 0 || voiceIndex >= VOICE_COUNT) {
        throw new RangeError(`voiceIndex must be an integer in [0, ${VOICE_COUNT}), got ${voiceIndex}`);
    }
}
export function planUtterance(text, voiceIndex, speed) {
    checkVoiceIndex(voiceIndex);
    const sIdx = speedIndex(speed);
    const quantised = speedFromIndex(sIdx);
    const slots = [];
    const [h0, h1] = encodeHeader(voiceIndex, sIdx);
    [SYM_SYNC1, SYM_SYNC2, h0, h1].forEach((symbol, k) => {
        slots.push({ start: LEAD_IN + k * SYNC_SLOT, period: SYNC_SLOT, symbol, offsetHz: 0 });
    });
    const crc = textCrc(text);
    const data = [...textToSymbols(text), SYM_END, crc >> 8, crc & 0xff];
    const period = slotSeconds(quantised);
    const dataStart = LEAD_IN + SYNC_SLOTS * SYNC_SLOT;
    const offsetHz = voiceOffsetHz(voiceIndex);
    data.forEach((symbol, j) => {
        slots.push({ start: dataStart + j * period, period, symbol, offsetHz });
    });
    return { slots, duration: dataStart + data.length * period + TAIL, voiceIndex, speed: quantised };
}
export function sampleCount(plan, sampleRate) {
    return Math.round(plan.duration * sampleRate);
}
export { SILENT };
