import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/tts/voice/alphabet.ts
var SILENT = -1;
var SYM_SYNC1 = 60;
var SYM_SYNC2 = 195;
var SYM_END = 15;
var SYM_ESC1 = 90;
var SYM_ESC2 = 150;
var SYM_ESC3 = 165;
var RESERVED = /* @__PURE__ */ new Set([SYM_SYNC1, SYM_SYNC2, SYM_END, SYM_ESC1, SYM_ESC2, SYM_ESC3]);
var MAX_SILENT_RUN = 32;
function range(from, to) {
  const out = [];
  for (let c = from; c <= to; c++) out.push(c);
  return out;
}
var DIRECT_CODE_POINTS = [
  9,
  10,
  13,
  ...range(33, 126),
  160,
  171,
  187,
  1548,
  1563,
  1567,
  ...range(1569, 1594),
  ...range(1600, 1621),
  ...range(1632, 1645),
  1648,
  1649,
  1662,
  1670,
  1688,
  1705,
  1711,
  1740,
  1748,
  ...range(1776, 1785),
  8204,
  8205,
  8206,
  8207,
  8211,
  8212,
  8216,
  8217,
  8220,
  8221,
  8230
];
var CHAR_TO_SYMBOL = /* @__PURE__ */ new Map();
var SYMBOL_TO_CHAR = new Int32Array(256).fill(-1);
{
  let next = 0;
  for (const cp of DIRECT_CODE_POINTS) {
    while (RESERVED.has(next)) next++;
    if (next > 255) throw new Error("direct alphabet does not fit in 256 symbols");
    CHAR_TO_SYMBOL.set(cp, next);
    SYMBOL_TO_CHAR[next] = cp;
    next++;
  }
}
function textToSymbols(text) {
  const out = [];
  let silentRun = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 32 && silentRun < MAX_SILENT_RUN) {
      out.push(SILENT);
      silentRun++;
      continue;
    }
    silentRun = 0;
    const direct = CHAR_TO_SYMBOL.get(cp);
    if (direct !== void 0) out.push(direct);
    else if (cp < 256) out.push(SYM_ESC1, cp);
    else if (cp < 65536) out.push(SYM_ESC2, cp >> 8, cp & 255);
    else out.push(SYM_ESC3, cp >> 16, cp >> 8 & 255, cp & 255);
  }
  return out;
}
var SymbolParser = class {
  chars = [];
  crc = 0;
  phase = "text";
  pending = 0;
  acc = 0;
  escapeSlot = 0;
  crcBytes = 0;
  silentRun = 0;
  feed(symbol, slot) {
    switch (this.phase) {
      case "text":
        if (symbol === SILENT) {
          if (++this.silentRun > MAX_SILENT_RUN) return this.fail();
          this.chars.push({ codePoint: 32, firstSlot: slot, lastSlot: slot });
          return "more";
        }
        this.silentRun = 0;
        if (symbol === SYM_END) {
          this.phase = "crc";
          return "more";
        }
        if (symbol === SYM_ESC1 || symbol === SYM_ESC2 || symbol === SYM_ESC3) {
          this.phase = "escape";
          this.pending = symbol === SYM_ESC1 ? 1 : symbol === SYM_ESC2 ? 2 : 3;
          this.acc = 0;
          this.escapeSlot = slot;
          return "more";
        }
        if (SYMBOL_TO_CHAR[symbol] < 0) return this.fail();
        this.chars.push({ codePoint: SYMBOL_TO_CHAR[symbol], firstSlot: slot, lastSlot: slot });
        return "more";
      case "escape":
        if (symbol === SILENT) return this.fail();
        this.acc = this.acc * 256 + symbol;
        if (--this.pending > 0) return "more";
        if (this.acc > 1114111) return this.fail();
        this.chars.push({ codePoint: this.acc, firstSlot: this.escapeSlot, lastSlot: slot });
        this.phase = "text";
        return "more";
      case "crc":
        if (symbol === SILENT) return this.fail();
        this.crc = (this.crc << 8 | symbol) & 65535;
        if (++this.crcBytes < 2) return "more";
        this.phase = "done";
        return "done";
      default:
        return this.fail();
    }
  }
  get text() {
    return codePointsToString(this.chars.map((c) => c.codePoint));
  }
  fail() {
    this.phase = "error";
    return "error";
  }
};
function codePointsToString(cps) {
  let out = "";
  for (let i = 0; i < cps.length; i += 4096) out += String.fromCodePoint(...cps.slice(i, i + 4096));
  return out;
}

// src/tts/voice/tones.ts
var LOW_BASE_HZ = 350;
var HIGH_BASE_HZ = 1850;
var TONE_STEP_HZ = 90;
var TONES_PER_GROUP = 16;
var TONE_AMPLITUDE = 0.35;
var VOICE_COUNT = 8;
var VOICE_STEP_HZ = 8;
function voiceOffsetHz(voiceIndex) {
  return (voiceIndex - (VOICE_COUNT - 1) / 2) * VOICE_STEP_HZ;
}
function lowToneHz(symbol, offsetHz) {
  return LOW_BASE_HZ + TONE_STEP_HZ * (symbol >> 4) + offsetHz;
}
function highToneHz(symbol, offsetHz) {
  return HIGH_BASE_HZ + TONE_STEP_HZ * (symbol & 15) + offsetHz;
}
var MIN_SAMPLE_RATE = 8e3;
var MAX_SAMPLE_RATE = 192e3;
function checkSampleRate(sampleRate) {
  if (!Number.isInteger(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new RangeError(
      `sampleRate must be an integer in [${MIN_SAMPLE_RATE}, ${MAX_SAMPLE_RATE}], got ${sampleRate}`
    );
  }
}

// src/tts/voice/framing.ts
var CHARS_PER_SECOND = 14;
var SYNC_SLOT = 1 / CHARS_PER_SECOND;
var ON_FRACTION = 0.75;
var RAMP_FRACTION = 0.12;
var LEAD_IN = 0.05;
var TAIL = 0.05;
var SYNC_SLOTS = 4;
var SPEED_MIN = 0.5;
var SPEED_MAX = 2;
var SPEED_STEPS_PER_UNIT = 20;
function slotSeconds(speed) {
  return 1 / (CHARS_PER_SECOND * speed);
}
function speedIndex(speed) {
  if (!Number.isFinite(speed)) throw new RangeError(`speed must be a finite number, got ${speed}`);
  const clamped = Math.min(SPEED_MAX, Math.max(SPEED_MIN, speed));
  return Math.round((clamped - SPEED_MIN) * SPEED_STEPS_PER_UNIT);
}
function speedFromIndex(index) {
  return (SPEED_MIN * SPEED_STEPS_PER_UNIT + index) / SPEED_STEPS_PER_UNIT;
}
function crc8(byte) {
  let c = byte & 255;
  for (let i = 0; i < 8; i++) c = c & 128 ? (c << 1 ^ 7) & 255 : c << 1 & 255;
  return c;
}
var HEADER_XOR = 165;
function encodeHeader(voiceIndex, speedIdx) {
  const b0 = voiceIndex << 5 | speedIdx;
  return [b0, crc8(b0) ^ HEADER_XOR];
}
function decodeHeader(b0, b1) {
  if ((crc8(b0) ^ HEADER_XOR) !== b1) return null;
  const speedIdx = b0 & 31;
  const voiceIndex = b0 >> 5;
  if (speedIdx > speedIndex(SPEED_MAX) || voiceIndex >= VOICE_COUNT) return null;
  return { voiceIndex, speedIdx };
}
function crc16(bytes) {
  let crc = 65535;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 32768 ? (crc << 1 ^ 4129) & 65535 : crc << 1 & 65535;
  }
  return crc;
}
function codePointsToUtf8(cps) {
  const out = [];
  for (const cp of cps) {
    if (cp < 128) out.push(cp);
    else if (cp < 2048) out.push(192 | cp >> 6, 128 | cp & 63);
    else if (cp < 65536) out.push(224 | cp >> 12, 128 | cp >> 6 & 63, 128 | cp & 63);
    else
      out.push(240 | cp >> 18, 128 | cp >> 12 & 63, 128 | cp >> 6 & 63, 128 | cp & 63);
  }
  return Uint8Array.from(out);
}
function textCrc(text) {
  const cps = [];
  for (const ch of text) cps.push(ch.codePointAt(0) ?? 0);
  return crc16(codePointsToUtf8(cps));
}
function checkVoiceIndex(voiceIndex) {
  if (!Number.isInteger(voiceIndex) || voiceIndex < 0 || voiceIndex >= VOICE_COUNT) {
    throw new RangeError(`voiceIndex must be an integer in [0, ${VOICE_COUNT}), got ${voiceIndex}`);
  }
}
function planUtterance(text, voiceIndex, speed) {
  checkVoiceIndex(voiceIndex);
  const sIdx = speedIndex(speed);
  const quantised = speedFromIndex(sIdx);
  const slots = [];
  const [h0, h1] = encodeHeader(voiceIndex, sIdx);
  [SYM_SYNC1, SYM_SYNC2, h0, h1].forEach((symbol, k) => {
    slots.push({ start: LEAD_IN + k * SYNC_SLOT, period: SYNC_SLOT, symbol, offsetHz: 0 });
  });
  const crc = textCrc(text);
  const data = [...textToSymbols(text), SYM_END, crc >> 8, crc & 255];
  const period = slotSeconds(quantised);
  const dataStart = LEAD_IN + SYNC_SLOTS * SYNC_SLOT;
  const offsetHz = voiceOffsetHz(voiceIndex);
  data.forEach((symbol, j) => {
    slots.push({ start: dataStart + j * period, period, symbol, offsetHz });
  });
  return { slots, duration: dataStart + data.length * period + TAIL, voiceIndex, speed: quantised };
}
function sampleCount(plan, sampleRate) {
  return Math.round(plan.duration * sampleRate);
}

// src/tts/voice/synth.ts
var TWO_PI = 2 * Math.PI;
function renderRange(plan, sampleRate, from, to) {
  const out = new Float32Array(Math.max(0, to - from));
  for (const slot of plan.slots) {
    if (slot.symbol === SILENT) continue;
    const on = slot.period * ON_FRACTION;
    const ramp = slot.period * RAMP_FRACTION;
    const n0 = Math.max(from, Math.ceil(slot.start * sampleRate));
    const n1 = Math.min(to, Math.ceil((slot.start + on) * sampleRate));
    if (n0 >= n1) continue;
    const w1 = TWO_PI * lowToneHz(slot.symbol, slot.offsetHz);
    const w2 = TWO_PI * highToneHz(slot.symbol, slot.offsetHz);
    for (let n = n0; n < n1; n++) {
      const t = n / sampleRate - slot.start;
      let env = 1;
      if (t < ramp) env = 0.5 - 0.5 * Math.cos(Math.PI * t / ramp);
      else if (t > on - ramp) env = 0.5 - 0.5 * Math.cos(Math.PI * (on - t) / ramp);
      out[n - from] = TONE_AMPLITUDE * env * (Math.sin(w1 * t) + Math.sin(w2 * t));
    }
  }
  return out;
}
function* renderPlanBlocks(plan, sampleRate, blockSlots) {
  const per = Math.max(1, Math.floor(blockSlots));
  const total = sampleCount(plan, sampleRate);
  let from = 0;
  for (let k = per; k < plan.slots.length; k += per) {
    const to = Math.min(total, Math.round(plan.slots[k].start * sampleRate));
    if (to > from) {
      yield renderRange(plan, sampleRate, from, to);
      from = to;
    }
  }
  if (total > from) yield renderRange(plan, sampleRate, from, total);
}

// src/tts/voice/goertzel.ts
function bankCoefficients(freqsHz, sampleRate) {
  return Float64Array.from(freqsHz, (f) => 2 * Math.cos(2 * Math.PI * f / sampleRate));
}
function bankPowers(x, from, to, coeffs, out) {
  let k = 0;
  for (; k + 4 <= coeffs.length; k += 4) {
    const c0 = coeffs[k];
    const c1 = coeffs[k + 1];
    const c2 = coeffs[k + 2];
    const c3 = coeffs[k + 3];
    let a1 = 0, a2 = 0, b1 = 0, b2 = 0, d1 = 0, d2 = 0, e1 = 0, e2 = 0;
    for (let n = from; n < to; n++) {
      const v = x[n];
      const a = v + c0 * a1 - a2;
      const b = v + c1 * b1 - b2;
      const d = v + c2 * d1 - d2;
      const e = v + c3 * e1 - e2;
      a2 = a1;
      a1 = a;
      b2 = b1;
      b1 = b;
      d2 = d1;
      d1 = d;
      e2 = e1;
      e1 = e;
    }
    out[k] = a1 * a1 + a2 * a2 - c0 * a1 * a2;
    out[k + 1] = b1 * b1 + b2 * b2 - c1 * b1 * b2;
    out[k + 2] = d1 * d1 + d2 * d2 - c2 * d1 * d2;
    out[k + 3] = e1 * e1 + e2 * e2 - c3 * e1 * e2;
  }
  for (; k < coeffs.length; k++) {
    const c = coeffs[k];
    let s1 = 0;
    let s2 = 0;
    for (let n = from; n < to; n++) {
      const s = x[n] + c * s1 - s2;
      s2 = s1;
      s1 = s;
    }
    out[k] = s1 * s1 + s2 * s2 - c * s1 * s2;
  }
  let best = 0;
  for (let i = 1; i < coeffs.length; i++) if (out[i] > out[best]) best = i;
  return best;
}
function energy(x, from, to) {
  let e = 0;
  for (let n = from; n < to; n++) e += x[n] * x[n];
  return e;
}
function blockTones(x, from, to, absoluteStart, omegas, acc) {
  for (let k = 0; k < omegas.length; k++) {
    const w = omegas[k];
    const cd = Math.cos(w);
    const sd = Math.sin(w);
    let c = Math.cos(w * absoluteStart);
    let s = Math.sin(w * absoluteStart);
    let re = 0;
    let im = 0;
    for (let n = from; n < to; n++) {
      const v = x[n];
      re += v * c;
      im += v * s;
      const c2 = c * cd - s * sd;
      s = s * cd + c * sd;
      c = c2;
    }
    acc[2 * k] += re;
    acc[2 * k + 1] += im;
  }
}

// src/tts/voice/slot-detector.ts
var WINDOW_FROM = 0.03;
var WINDOW_TO = 0.72;
var SILENCE_SHARE = 0.2;
var MIN_TONE_SHARE = 0.35;
var GARBAGE = -2;
var ToneBank = class {
  lo;
  hi;
  powLo = new Float64Array(TONES_PER_GROUP);
  powHi = new Float64Array(TONES_PER_GROUP);
  constructor(sampleRate, offsetHz) {
    const idx = Array.from({ length: TONES_PER_GROUP }, (_, i) => i);
    this.lo = bankCoefficients(
      idx.map((i) => lowToneHz(i << 4, offsetHz)),
      sampleRate
    );
    this.hi = bankCoefficients(
      idx.map((i) => highToneHz(i, offsetHz)),
      sampleRate
    );
  }
  /**
   * Symbol in x[from, to), SILENT, or GARBAGE. `refEnergy` is the mean energy per sample of a tone slot
   * of this utterance (from its sync bursts), so the decision does not depend on the level.
   */
  detect(x, from, to, refEnergy) {
    const n = to - from;
    if (n <= 0) return GARBAGE;
    const e = energy(x, from, to);
    if (e < SILENCE_SHARE * refEnergy * n) return SILENT;
    const lo = bankPowers(x, from, to, this.lo, this.powLo);
    const hi = bankPowers(x, from, to, this.hi, this.powHi);
    const share = (this.powLo[lo] + this.powHi[hi]) / (e * n / 2);
    return share < MIN_TONE_SHARE ? GARBAGE : lo << 4 | hi;
  }
};

// src/tts/voice/sample-buffer.ts
var SampleBuffer = class {
  data = new Float32Array(1 << 15);
  /** absolute index of data[0] */
  start = 0;
  length = 0;
  get end() {
    return this.start + this.length;
  }
  append(x) {
    if (this.length + x.length > this.data.length) {
      let cap = this.data.length;
      while (cap < this.length + x.length) cap *= 2;
      const grown = new Float32Array(cap);
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    this.data.set(x, this.length);
    this.length += x.length;
  }
  /** Drops samples before `abs`, but only when that frees enough to be worth the copy. */
  discardBefore(abs, minDrop) {
    const k = Math.min(this.length, Math.floor(abs) - this.start);
    if (k < minDrop || k < this.length / 2) return;
    this.data.copyWithin(0, k, this.length);
    this.start += k;
    this.length -= k;
  }
};

// src/tts/voice/sync-scan.ts
var HOP_SECONDS = 2e-3;
var STRIDE = 9;
var INNER_FROM = 0.1;
var INNER_TO = 0.65;
var MIN_TONE_SHARE2 = 0.2;
var MIN_PAIR_SHARE = 0.6;
var MIN_MEAN_ENERGY = 1e-7;
var SyncScanner = class {
  constructor(sampleRate) {
    this.sampleRate = sampleRate;
    this.hop = Math.max(1, Math.round(sampleRate * HOP_SECONDS));
    const freqs = [
      lowToneHz(SYM_SYNC1, 0),
      highToneHz(SYM_SYNC1, 0),
      lowToneHz(SYM_SYNC2, 0),
      highToneHz(SYM_SYNC2, 0)
    ];
    this.omegas = Float64Array.from(freqs, (f) => 2 * Math.PI * f / sampleRate);
    const p0 = SYNC_SLOT * sampleRate;
    const blocks = (from, to) => [
      Math.ceil(from * p0 / this.hop),
      Math.floor(to * p0 / this.hop)
    ];
    this.inner = [0, 1].map((k) => blocks(k + INNER_FROM, k + INNER_TO));
    this.full = [0, 1].map((k) => blocks(k, k + ON_FRACTION));
    this.span = Math.max(this.inner[1][1], this.full[1][1]) + 1;
  }
  sampleRate;
  hop;
  omegas;
  cum = new Float64Array(STRIDE * 1024);
  /** block index whose prefix sum is cum[0..STRIDE) (all zeros) */
  base = 0;
  count = 0;
  scratch = new Float64Array(8);
  inner;
  full;
  /** blocks after a candidate block needed to evaluate it */
  span;
  /** Restarts the prefix sums at block `b` (used when the scan jumps over a decoded utterance). */
  resetAt(b) {
    if (b >= this.base && b <= this.base + this.count) {
      const dead = b - this.base;
      if (dead > 4096) {
        this.cum.copyWithin(0, dead * STRIDE, (this.count + 1) * STRIDE);
        this.base = b;
        this.count -= dead;
      }
      return;
    }
    this.base = b;
    this.count = 0;
    this.cum.fill(0, 0, STRIDE);
  }
  /** Computes prefix sums up to block `end` (exclusive) if the samples are there. */
  ensure(end, pcm) {
    const have = this.base + this.count;
    if (end <= have) return true;
    if (end * this.hop > pcm.end) return false;
    const need = (end - this.base + 1) * STRIDE;
    if (need > this.cum.length) {
      let cap = this.cum.length;
      while (cap < need) cap *= 2;
      const grown = new Float64Array(cap);
      grown.set(this.cum.subarray(0, (this.count + 1) * STRIDE));
      this.cum = grown;
    }
    const acc = this.scratch;
    for (let b = have; b < end; b++) {
      const abs = b * this.hop;
      const from = abs - pcm.start;
      const to = from + this.hop;
      const e = energy(pcm.data, from, to);
      acc.fill(0);
      blockTones(pcm.data, from, to, abs, this.omegas, acc);
      const prev = (b - this.base) * STRIDE;
      const cur = prev + STRIDE;
      this.cum[cur] = this.cum[prev] + e;
      for (let c = 0; c < 8; c++) this.cum[cur + 1 + c] = this.cum[prev + 1 + c] + acc[c];
    }
    this.count = end - this.base;
    return true;
  }
  sum(b1, b2, c) {
    return this.cum[(b2 - this.base) * STRIDE + c] - this.cum[(b1 - this.base) * STRIDE + c];
  }
  tonePower(b1, b2, tone) {
    const re = this.sum(b1, b2, 1 + 2 * tone);
    const im = this.sum(b1, b2, 2 + 2 * tone);
    return re * re + im * im;
  }
  /** Whether a sync could start at block b (blocks up to b + span must be ensured). */
  passes(b) {
    for (let k = 0; k < 2; k++) {
      const b1 = b + this.inner[k][0];
      const b2 = b + this.inner[k][1];
      const n = (b2 - b1) * this.hop;
      const e = this.sum(b1, b2, 0);
      if (e < n * MIN_MEAN_ENERGY) return false;
      const norm = e * n / 2;
      const lo = this.tonePower(b1, b2, 2 * k) / norm;
      const hi = this.tonePower(b1, b2, 2 * k + 1) / norm;
      if (lo < MIN_TONE_SHARE2 || hi < MIN_TONE_SHARE2 || lo + hi < MIN_PAIR_SHARE) return false;
    }
    return true;
  }
  /** Coherent sync-tone power over the full on-time of both bursts: peaks at the true start. */
  alignment(b) {
    let p = 0;
    for (let k = 0; k < 2; k++) {
      const b1 = b + this.full[k][0];
      const b2 = b + this.full[k][1];
      p += this.tonePower(b1, b2, 2 * k) + this.tonePower(b1, b2, 2 * k + 1);
    }
    return p;
  }
};

// src/tts/voice/decoder.ts
var MAX_PLATEAU_BLOCKS = 40;
var CENTROID_MARGIN = 0.1;
var CENTROID_ITERATIONS = 3;
var MAX_GAP_SHARE = 0.15;
var MAX_DATA_SLOTS = 1 << 20;
var ActiveUtterance = class {
  constructor(syncStart, voiceIndex, speedIdx, refEnergy, resumeBlock, sampleRate) {
    this.syncStart = syncStart;
    this.voiceIndex = voiceIndex;
    this.refEnergy = refEnergy;
    this.resumeBlock = resumeBlock;
    this.speed = speedFromIndex(speedIdx);
    this.period = sampleRate / (CHARS_PER_SECOND * this.speed);
    this.dataStart = syncStart + SYNC_SLOTS * SYNC_SLOT * sampleRate;
    this.bank = new ToneBank(sampleRate, voiceOffsetHz(voiceIndex));
  }
  syncStart;
  voiceIndex;
  refEnergy;
  resumeBlock;
  parser = new SymbolParser();
  next = 0;
  dataStart;
  period;
  speed;
  bank;
  step(pcm) {
    for (; ; ) {
      const slotStart = this.dataStart + this.next * this.period;
      const from = Math.round(slotStart + WINDOW_FROM * this.period);
      const to = Math.round(slotStart + WINDOW_TO * this.period);
      if (to > pcm.end) return "wait";
      if (from < pcm.start) return "abort";
      const symbol = this.bank.detect(pcm.data, from - pcm.start, to - pcm.start, this.refEnergy);
      if (symbol === GARBAGE) return "abort";
      const status = this.parser.feed(symbol, this.next);
      this.next++;
      if (status === "error" || this.next > MAX_DATA_SLOTS) return "abort";
      if (status === "done") {
        const crc = crc16(codePointsToUtf8(this.parser.chars.map((c) => c.codePoint)));
        return crc === this.parser.crc ? "done" : "abort";
      }
    }
  }
  /** Sample index just after the last slot read. */
  get endSample() {
    return this.dataStart + this.next * this.period;
  }
};
var DecoderEngine = class {
  constructor(sampleRate) {
    this.sampleRate = sampleRate;
    checkSampleRate(sampleRate);
    this.scanner = new SyncScanner(sampleRate);
    this.nominal = new ToneBank(sampleRate, 0);
    this.p0 = SYNC_SLOT * sampleRate;
  }
  sampleRate;
  pcm = new SampleBuffer();
  scanner;
  nominal;
  /** sync slot length in samples */
  p0;
  pushed = 0;
  scanBlock = 0;
  active = null;
  lastPartialChars = 0;
  finished = false;
  /** seconds of real (not padding) audio pushed */
  get duration() {
    return this.pushed / this.sampleRate;
  }
  push(pcm) {
    if (this.finished) throw new Error("StreamingDecoder: push() after end()");
    this.pcm.append(pcm);
    this.pushed += pcm.length;
    const events = [];
    this.run(events);
    return events;
  }
  /** Flushes with trailing silence long enough for any pending decision, then drops what is unfinished. */
  finish() {
    if (this.finished) return [];
    this.finished = true;
    const events = [];
    this.pcm.append(new Float32Array(Math.ceil(0.6 * this.sampleRate)));
    this.run(events);
    while (this.active) {
      this.scanBlock = this.active.resumeBlock;
      this.active = null;
      this.run(events);
    }
    return events.filter((e) => e.type === "utterance");
  }
  run(events) {
    for (; ; ) {
      if (this.active) {
        const result = this.active.step(this.pcm);
        if (result === "wait") break;
        if (result === "done") {
          events.push({ type: "utterance", utterance: this.result(this.active) });
          this.scanBlock = Math.ceil(this.active.endSample / this.scanner.hop);
        } else {
          this.scanBlock = this.active.resumeBlock;
        }
        this.active = null;
        this.lastPartialChars = 0;
        continue;
      }
      if (!this.scan()) break;
    }
    if (this.active && this.active.parser.chars.length !== this.lastPartialChars) {
      this.lastPartialChars = this.active.parser.chars.length;
      const text = this.active.parser.text;
      if (text.length > 0) {
        events.push({
          type: "partial",
          text,
          start: this.utteranceStart(this.active),
          end: this.active.endSample / this.sampleRate
        });
      }
    } else {
      this.scanner.resetAt(this.scanBlock);
    }
    const keepBlock = this.active ? Math.min(this.active.resumeBlock, this.scanBlock) : this.scanBlock;
    this.pcm.discardBefore(keepBlock * this.scanner.hop - this.p0, this.sampleRate);
  }
  /** Looks for the next utterance start; false when more samples are needed. */
  scan() {
    const sc = this.scanner;
    for (; ; ) {
      const b = this.scanBlock;
      if (!sc.ensure(b + sc.span, this.pcm)) return false;
      if (!sc.passes(b)) {
        this.scanBlock++;
        continue;
      }
      let e = b;
      while (e - b < MAX_PLATEAU_BLOCKS) {
        if (!sc.ensure(e + 1 + sc.span, this.pcm)) return false;
        if (!sc.passes(e + 1)) break;
        e++;
      }
      let best = b;
      let bestPower = -1;
      for (let c = b; c <= e; c++) {
        const p = sc.alignment(c);
        if (p > bestPower) {
          bestPower = p;
          best = c;
        }
      }
      const coarse = best * sc.hop;
      if (this.pcm.end < coarse + (SYNC_SLOTS + 1) * this.p0) return false;
      const started = this.tryStart(coarse, e + 1);
      if (started) {
        this.active = started;
        return true;
      }
      this.scanBlock = e + 1;
    }
  }
  tryStart(coarse, resumeBlock) {
    const start = this.refineStart(coarse);
    if (start === null) return null;
    const p0 = this.p0;
    const pcm = this.pcm;
    const windows = [];
    let ref = 0;
    for (let k = 0; k < SYNC_SLOTS; k++) {
      const from = Math.round(start + (k + WINDOW_FROM) * p0) - pcm.start;
      const to = Math.round(start + (k + WINDOW_TO) * p0) - pcm.start;
      if (from < 0 || to + pcm.start > pcm.end) return null;
      windows.push([from, to]);
      ref += energy(pcm.data, from, to) / (to - from) / SYNC_SLOTS;
    }
    if (ref <= 0) return null;
    for (let k = 0; k + 1 < SYNC_SLOTS; k++) {
      const from = Math.round(start + (k + ON_FRACTION + 0.05) * p0) - pcm.start;
      const to = Math.round(start + (k + 0.97) * p0) - pcm.start;
      if (energy(pcm.data, from, to) / (to - from) > MAX_GAP_SHARE * ref) return null;
    }
    const symbols = windows.map(([from, to]) => this.nominal.detect(pcm.data, from, to, ref));
    if (symbols[0] !== SYM_SYNC1 || symbols[1] !== SYM_SYNC2 || symbols[2] < 0 || symbols[3] < 0) return null;
    const header = decodeHeader(symbols[2], symbols[3]);
    if (!header) return null;
    return new ActiveUtterance(start, header.voiceIndex, header.speedIdx, ref, resumeBlock, this.sampleRate);
  }
  /**
   * Sub-sample start of the sync: each burst is symmetric, so its energy centroid sits at its middle.
   * Windows re-centred on each estimate make the pull of noise towards the window centre vanish.
   */
  refineStart(coarse) {
    const pcm = this.pcm;
    const on = ON_FRACTION * this.p0;
    const half = on / 2 + CENTROID_MARGIN * this.p0;
    let start = coarse;
    for (let it = 0; it < CENTROID_ITERATIONS; it++) {
      let shift = 0;
      for (let k = 0; k < SYNC_SLOTS; k++) {
        const centre = start + k * this.p0 + on / 2;
        const a = Math.max(pcm.start, Math.ceil(centre - half));
        const b = Math.min(pcm.end - 1, Math.floor(centre + half));
        let e = 0;
        let moment = 0;
        for (let n = a; n <= b; n++) {
          const v = pcm.data[n - pcm.start];
          e += v * v;
          moment += (n - centre) * v * v;
        }
        if (e <= 0) return null;
        shift += moment / e / SYNC_SLOTS;
      }
      start += shift;
    }
    return start;
  }
  utteranceStart(u) {
    return Math.max(0, u.syncStart / this.sampleRate - LEAD_IN);
  }
  result(u) {
    const rate = this.sampleRate;
    const chars = u.parser.chars;
    const words = [];
    const slotTime = (slot) => (u.dataStart + slot * u.period) / rate;
    let i = 0;
    while (i < chars.length) {
      if (isSpace(chars[i].codePoint)) {
        i++;
        continue;
      }
      let j = i;
      while (j < chars.length && !isSpace(chars[j].codePoint)) j++;
      const cps = chars.slice(i, j).map((c) => c.codePoint);
      words.push({
        word: codePointsToString(cps),
        start: slotTime(chars[i].firstSlot),
        end: slotTime(chars[j - 1].lastSlot) + ON_FRACTION * u.period / rate
      });
      i = j;
    }
    return {
      text: u.parser.text,
      voiceIndex: u.voiceIndex,
      speed: u.speed,
      start: this.utteranceStart(u),
      end: u.endSample / rate + TAIL,
      words
    };
  }
};
var SPACE_RE = /\s/u;
function isSpace(cp) {
  return SPACE_RE.test(String.fromCodePoint(cp));
}

// src/tts/voice/streaming.ts
var StreamingDecoder = class {
  engine;
  constructor(sampleRate) {
    this.engine = new DecoderEngine(sampleRate);
  }
  push(pcm) {
    return this.engine.push(pcm);
  }
  /** Completes the stream: returns utterances that needed the (virtual) trailing silence. */
  end() {
    return this.engine.finish();
  }
  /** seconds of audio pushed so far */
  get duration() {
    return this.engine.duration;
  }
};

// src/tts/voice/index.ts
function synthesizeBlocks(text, opts, blockSlots = 4) {
  checkSampleRate(opts.sampleRate);
  checkVoiceIndex(opts.voiceIndex);
  return renderPlanBlocks(planUtterance(text, opts.voiceIndex, opts.speed), opts.sampleRate, blockSlots);
}
function utteranceDuration(text, speed, sampleRate) {
  checkSampleRate(sampleRate);
  return sampleCount(planUtterance(text, 0, speed), sampleRate) / sampleRate;
}

export {
  VOICE_COUNT,
  MIN_SAMPLE_RATE,
  MAX_SAMPLE_RATE,
  StreamingDecoder,
  synthesizeBlocks,
  utteranceDuration
};
