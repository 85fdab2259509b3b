/**
 * Audio container recognition from the bytes alone (never from a file name or content type), plus the
 * MPEG audio frame-header parser shared by the sniffer, the MP3 decoder and the MP3 encoder's self-check.
 */
// Bitrates in kbps indexed by [table][bitrate index]; index 0 (free format) and 15 are rejected.
const BITRATES = {
    '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = {
    1: [44100, 48000, 32000],
    2: [22050, 24000, 16000],
    2.5: [11025, 12000, 8000],
};
/**
 * Parses a 4-byte MPEG audio frame header at `off`. Returns null for anything that is not a plausible
 * header: bad sync, reserved version/layer/sample rate/emphasis, free-format or invalid bitrate.
 */
export function parseMpegFrameHeader(buf, off) {
    if (off < 0 || off + 4 > buf.length)
        return null;
    const b1 = buf[off + 1];
    const b2 = buf[off + 2];
    const b3 = buf[off + 3];
    if (buf[off] !== 0xff || (b1 & 0xe0) !== 0xe0)
        return null;
    const vBits = (b1 >> 3) & 3;
    const lBits = (b1 >> 1) & 3;
    if (vBits === 1 || lBits === 0)
        return null;
    const version = vBits === 3 ? 1 : vBits === 2 ? 2 : 2.5;
    const layer = (4 - lBits);
    const brIndex = b2 >> 4;
    const srIndex = (b2 >> 2) & 3;
    if (brIndex === 0 || brIndex === 15 || srIndex === 3 || (b3 & 3) === 2)
        return null;
    const table = version === 1 ? `1-${layer}` : layer === 1 ? '2-1' : '2-2';
    const bitrateKbps = BITRATES[table][brIndex];
    const sampleRate = SAMPLE_RATES[version][srIndex];
    const padding = (b2 >> 1) & 1;
    const channels = b3 >> 6 === 3 ? 1 : 2;
    let frameLength;
    let samplesPerFrame;
    if (layer === 1) {
        frameLength = (Math.floor((12000 * bitrateKbps) / sampleRate) + padding) * 4;
        samplesPerFrame = 384;
    }
    else if (layer === 2 || version === 1) {
        frameLength = Math.floor((144000 * bitrateKbps) / sampleRate) + padding;
        samplesPerFrame = 1152;
    }
    else {
        frameLength = Math.floor((72000 * bitrateKbps) / sampleRate) + padding;
        samplesPerFrame = 576;
    }
    const sideInfo = version === 1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
    return {
        version,
        layer,
        bitrateKbps,
        sampleRate,
        channels,
        frameLength,
        samplesPerFrame,
        sideInfoEnd: 4 + sideInfo,
    };
}
/** Two frames of the same stream agree on version, layer, sample rate and channel count. */
export function sameMpegStream(a, b) {
    return (a.version === b.version &&
        a.layer === b.layer &&
        a.sampleRate === b.sampleRate &&
        a.channels === b.channels);
}
/**
 * True when a frame header at `off` is followed by a second, consistent one. A lone 0xFFEx pair appears
 * in random data about once per 2 KiB, so one header is not evidence; two chained headers are.
 */
export function isMpegFramePair(buf, off) {
    const h = parseMpegFrameHeader(buf, off);
    if (!h)
        return false;
    const next = parseMpegFrameHeader(buf, off + h.frameLength);
    return next !== null && sameMpegStream(h, next);
}
/** Size of an ID3v2 tag at `off` (header + body + footer), or 0 when there is none. */
export function id3v2Size(buf, off = 0) {
    if (off + 10 > buf.length)
        return 0;
    if (buf[off] !== 0x49 || buf[off + 1] !== 0x44 || buf[off + 2] !== 0x33)
        return 0; // "ID3"
    const major = buf[off + 3];
    if (major < 2 || major > 4 || buf[off + 4] === 0xff)
        return 0;
    // The size is four 7-bit bytes ("syncsafe"); a set top bit means this is not a tag.
    let size = 0;
    for (let i = 6; i < 10; i++) {
        if (buf[off + i] & 0x80)
            return 0;
        size = (size << 7) | buf[off + i];
    }
    const footer = buf[off + 5] & 0x10 ? 10 : 0;
    return 10 + size + footer;
}
function ascii(buf, off, len) {
    if (off + len > buf.length)
        return '';
    return String.fromCharCode(...buf.subarray(off, off + len));
}
export { ascii as readAscii };
// ISO BMFF brands of MP4 files that can carry AAC audio. Video MP4s share isom/mp4x brands; a file without
// an audio track is then rejected by the decoder as audio_corrupt, which is the honest answer.
const M4A_BRANDS = new Set([
    'M4A ',
    'M4B ',
    'M4P ',
    'F4A ',
    'F4B ',
    'mp41',
    'mp42',
    'isom',
    'iso2',
    'iso3',
    'iso4',
    'iso5',
    'iso6',
    'dash',
    'MSNV',
    'NDAS',
]);
function sniffM4a(buf) {
    if (buf.length < 12 || ascii(buf, 4, 4) !== 'ftyp')
        return false;
    const size = ((buf[0] << 24) | (buf[1] << 16) | (buf[2] << 8) | buf[3]) >>> 0;
    // ftyp holds major brand, minor version and whole 4-byte compatible brands.
    if (size < 16 || size > 4096 || size % 4 !== 0)
        return false;
    if (M4A_BRANDS.has(ascii(buf, 8, 4)))
        return true;
    for (let off = 16; off + 4 <= Math.min(size, buf.length); off += 4)
        if (M4A_BRANDS.has(ascii(buf, off, 4)))
            return true;
    return false;
}
export function sniffAudioFormat(buf) {
    if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 4) === 'WAVE')
        return 'wav';
    if (sniffM4a(buf))
        return 'm4a';
    const tag = id3v2Size(buf);
    // An ID3v2 tag is specific enough on its own (the decoder still demands real frames after it).
    if (tag > 0)
        return 'mp3';
    if (isMpegFramePair(buf, 0))
        return 'mp3';
    // A stream of a single frame (very short audio) has nothing to chain to: accept it only when the frame
    // fills the buffer exactly.
    const h = parseMpegFrameHeader(buf, 0);
    if (h && h.frameLength === buf.length)
        return 'mp3';
    return null;
}
