import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/audio/encoders.ts
var QUALITY_TIERS = {
  fast: { sampleRate: 16e3, mp3Kbps: 32 },
  standard: { sampleRate: 22050, mp3Kbps: 64 },
  high: { sampleRate: 24e3, mp3Kbps: 96 }
};
var MP3_BLOCK = 1152;
var LAMEJS_ENCODER_DELAY = 1105;
var MP3_ENCODERS = ["wasm", "lamejs"];
var DEFAULT_MP3_ENCODER = "wasm";

// src/audio/formats.ts
var BITRATES = {
  "1-1": [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  "1-2": [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "1-3": [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2-1": [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  "2-2": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
};
var SAMPLE_RATES = {
  1: [44100, 48e3, 32e3],
  2: [22050, 24e3, 16e3],
  2.5: [11025, 12e3, 8e3]
};
function parseMpegFrameHeader(buf, off) {
  if (off < 0 || off + 4 > buf.length) return null;
  const b1 = buf[off + 1];
  const b2 = buf[off + 2];
  const b3 = buf[off + 3];
  if (buf[off] !== 255 || (b1 & 224) !== 224) return null;
  const vBits = b1 >> 3 & 3;
  const lBits = b1 >> 1 & 3;
  if (vBits === 1 || lBits === 0) return null;
  const version = vBits === 3 ? 1 : vBits === 2 ? 2 : 2.5;
  const layer = 4 - lBits;
  const brIndex = b2 >> 4;
  const srIndex = b2 >> 2 & 3;
  if (brIndex === 0 || brIndex === 15 || srIndex === 3 || (b3 & 3) === 2) return null;
  const table = version === 1 ? `1-${layer}` : layer === 1 ? "2-1" : "2-2";
  const bitrateKbps = BITRATES[table][brIndex];
  const sampleRate = SAMPLE_RATES[version][srIndex];
  const padding = b2 >> 1 & 1;
  const channels = b3 >> 6 === 3 ? 1 : 2;
  let frameLength;
  let samplesPerFrame;
  if (layer === 1) {
    frameLength = (Math.floor(12e3 * bitrateKbps / sampleRate) + padding) * 4;
    samplesPerFrame = 384;
  } else if (layer === 2 || version === 1) {
    frameLength = Math.floor(144e3 * bitrateKbps / sampleRate) + padding;
    samplesPerFrame = 1152;
  } else {
    frameLength = Math.floor(72e3 * bitrateKbps / sampleRate) + padding;
    samplesPerFrame = 576;
  }
  const sideInfo = version === 1 ? channels === 1 ? 17 : 32 : channels === 1 ? 9 : 17;
  return {
    version,
    layer,
    bitrateKbps,
    sampleRate,
    channels,
    frameLength,
    samplesPerFrame,
    sideInfoEnd: 4 + sideInfo
  };
}
function sameMpegStream(a, b) {
  return a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate && a.channels === b.channels;
}
function isMpegFramePair(buf, off) {
  const h = parseMpegFrameHeader(buf, off);
  if (!h) return false;
  const next = parseMpegFrameHeader(buf, off + h.frameLength);
  return next !== null && sameMpegStream(h, next);
}
function id3v2Size(buf, off = 0) {
  if (off + 10 > buf.length) return 0;
  if (buf[off] !== 73 || buf[off + 1] !== 68 || buf[off + 2] !== 51) return 0;
  const major = buf[off + 3];
  if (major < 2 || major > 4 || buf[off + 4] === 255) return 0;
  let size = 0;
  for (let i = 6; i < 10; i++) {
    if (buf[off + i] & 128) return 0;
    size = size << 7 | buf[off + i];
  }
  const footer = buf[off + 5] & 16 ? 10 : 0;
  return 10 + size + footer;
}
function ascii(buf, off, len) {
  if (off + len > buf.length) return "";
  return String.fromCharCode(...buf.subarray(off, off + len));
}
var M4A_BRANDS = /* @__PURE__ */ new Set([
  "M4A ",
  "M4B ",
  "M4P ",
  "F4A ",
  "F4B ",
  "mp41",
  "mp42",
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "dash",
  "MSNV",
  "NDAS"
]);
function sniffM4a(buf) {
  if (buf.length < 12 || ascii(buf, 4, 4) !== "ftyp") return false;
  const size = (buf[0] << 24 | buf[1] << 16 | buf[2] << 8 | buf[3]) >>> 0;
  if (size < 16 || size > 4096 || size % 4 !== 0) return false;
  if (M4A_BRANDS.has(ascii(buf, 8, 4))) return true;
  for (let off = 16; off + 4 <= Math.min(size, buf.length); off += 4)
    if (M4A_BRANDS.has(ascii(buf, off, 4))) return true;
  return false;
}
function sniffAudioFormat(buf) {
  if (buf.length >= 12 && ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 4) === "WAVE") return "wav";
  if (sniffM4a(buf)) return "m4a";
  const tag = id3v2Size(buf);
  if (tag > 0) return "mp3";
  if (isMpegFramePair(buf, 0)) return "mp3";
  const h = parseMpegFrameHeader(buf, 0);
  if (h && h.frameLength === buf.length) return "mp3";
  return null;
}

export {
  QUALITY_TIERS,
  MP3_BLOCK,
  LAMEJS_ENCODER_DELAY,
  MP3_ENCODERS,
  DEFAULT_MP3_ENCODER,
  parseMpegFrameHeader,
  sameMpegStream,
  isMpegFramePair,
  id3v2Size,
  ascii,
  sniffAudioFormat
};
