/**
 * Symbol alphabet of the synthetic voice. A symbol is one of 256 dual tones (low group index in the high
 * nibble, high group index in the low nibble). A space is not a symbol but a silent slot, so word
 * boundaries are audible and measurable. Code points outside the direct alphabet are escaped.
 */
/** A silent slot (the space character). */
export const SILENT = -1;
export const SYM_SYNC1 = 0x3c;
export const SYM_SYNC2 = 0xc3;
export const SYM_END = 0x0f;
/** Escape followed by 1, 2 or 3 byte symbols holding the code point big-endian. */
export const SYM_ESC1 = 0x5a;
export const SYM_ESC2 = 0x96;
export const SYM_ESC3 = 0xa5;
const RESERVED = new Set([SYM_SYNC1, SYM_SYNC2, SYM_END, SYM_ESC1, SYM_ESC2, SYM_ESC3]);
/**
 * Longest run of silent slots. A longer run of spaces has its next space escaped (a tone), so the decoder
 * can give up on a lost utterance after this many silent slots instead of waiting forever.
 */
export const MAX_SILENT_RUN = 32;
function range(from, to) {
    const out = [];
    for (let c = from; c <= to; c++)
        out.push(c);
    return out;
}
/** One symbol each: printable ASCII and controls used in text, Arabic letters, harakat, digits, Persian extras. */
const DIRECT_CODE_POINTS = [
    0x09,
    0x0a,
    0x0d,
    ...range(0x21, 0x7e),
    0xa0,
    0xab,
    0xbb,
    0x060c,
    0x061b,
    0x061f,
    ...range(0x0621, 0x063a),
    ...range(0x0640, 0x0655),
    ...range(0x0660, 0x066d),
    0x0670,
    0x0671,
    0x067e,
    0x0686,
    0x0698,
    0x06a9,
    0x06af,
    0x06cc,
    0x06d4,
    ...range(0x06f0, 0x06f9),
    0x200c,
    0x200d,
    0x200e,
    0x200f,
    0x2013,
    0x2014,
    0x2018,
    0x2019,
    0x201c,
    0x201d,
    0x2026,
];
const CHAR_TO_SYMBOL = new Map();
const SYMBOL_TO_CHAR = new Int32Array(256).fill(-1);
{
    let next = 0;
    for (const cp of DIRECT_CODE_POINTS) {
        while (RESERVED.has(next))
            next++;
        if (next > 255)
            throw new Error('direct alphabet does not fit in 256 symbols');
        CHAR_TO_SYMBOL.set(cp, next);
        SYMBOL_TO_CHAR[next] = cp;
        next++;
    }
}
/** Symbols (SILENT for spaces) carrying the text, without framing. */
export function textToSymbols(text) {
    const out = [];
    let silentRun = 0;
    for (const ch of text) {
        const cp = ch.codePointAt(0) ?? 0;
        if (cp === 0x20 && silentRun < MAX_SILENT_RUN) {
            out.push(SILENT);
            silentRun++;
            continue;
        }
        silentRun = 0;
        const direct = CHAR_TO_SYMBOL.get(cp);
        if (direct !== undefined)
            out.push(direct);
        else if (cp < 0x100)
            out.push(SYM_ESC1, cp);
        else if (cp < 0x10000)
            out.push(SYM_ESC2, cp >> 8, cp & 0xff);
        else
            out.push(SYM_ESC3, cp >> 16, (cp >> 8) & 0xff, cp & 0xff);
    }
    return out;
}
/** Incremental inverse of textToSymbols followed by END and two CRC bytes (big-endian). */
export class SymbolParser {
    chars = [];
    crc = 0;
    phase = 'text';
    pending = 0;
    acc = 0;
    escapeSlot = 0;
    crcBytes = 0;
    silentRun = 0;
    feed(symbol, slot) {
        switch (this.phase) {
            case 'text':
                if (symbol === SILENT) {
                    if (++this.silentRun > MAX_SILENT_RUN)
                        return this.fail();
                    this.chars.push({ codePoint: 0x20, firstSlot: slot, lastSlot: slot });
                    return 'more';
                }
                this.silentRun = 0;
                if (symbol === SYM_END) {
                    this.phase = 'crc';
                    return 'more';
                }
                if (symbol === SYM_ESC1 || symbol === SYM_ESC2 || symbol === SYM_ESC3) {
                    this.phase = 'escape';
                    this.pending = symbol === SYM_ESC1 ? 1 : symbol === SYM_ESC2 ? 2 : 3;
                    this.acc = 0;
                    this.escapeSlot = slot;
                    return 'more';
                }
                if (SYMBOL_TO_CHAR[symbol] < 0)
                    return this.fail();
                this.chars.push({ codePoint: SYMBOL_TO_CHAR[symbol], firstSlot: slot, lastSlot: slot });
                return 'more';
            case 'escape':
                if (symbol === SILENT)
                    return this.fail();
                this.acc = this.acc * 256 + symbol;
                if (--this.pending > 0)
                    return 'more';
                if (this.acc > 0x10ffff)
                    return this.fail();
                this.chars.push({ codePoint: this.acc, firstSlot: this.escapeSlot, lastSlot: slot });
                this.phase = 'text';
                return 'more';
            case 'crc':
                if (symbol === SILENT)
                    return this.fail();
                this.crc = ((this.crc << 8) | symbol) & 0xffff;
                if (++this.crcBytes < 2)
                    return 'more';
                this.phase = 'done';
                return 'done';
            default:
                return this.fail();
        }
    }
    get text() {
        return codePointsToString(this.chars.map((c) => c.codePoint));
    }
    fail() {
        this.phase = 'error';
        return 'error';
    }
}
/** String.fromCodePoint in chunks, so long texts do not exceed the argument limit. */
export function codePointsToString(cps) {
    let out = '';
    for (let i = 0; i < cps.length; i += 4096)
        out += String.fromCodePoint(...cps.slice(i, i + 4096));
    return out;
}
