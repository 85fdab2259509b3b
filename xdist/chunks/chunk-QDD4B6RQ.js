import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  MAX_SAMPLE_RATE,
  MIN_SAMPLE_RATE
} from "./chunk-I4R5KMDQ.js";
import {
  LAMEJS_ENCODER_DELAY,
  ascii,
  id3v2Size,
  isMpegFramePair,
  parseMpegFrameHeader,
  sameMpegStream,
  sniffAudioFormat
} from "./chunk-TOBIFDEH.js";

// src/workers/stream.ts
import { MessageChannel } from "node:worker_threads";
import { setImmediate as nextTurn2 } from "node:timers/promises";

// src/workers/pool.ts
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";

// src/core/owned-bytes.ts
var owned = /* @__PURE__ */ new WeakSet();
function markOwned(view) {
  if (view.byteOffset === 0 && view.buffer instanceof ArrayBuffer) owned.add(view.buffer);
}
function ownsBuffer(view) {
  if (!(view.buffer instanceof ArrayBuffer) || view.byteOffset !== 0) return false;
  return owned.has(view.buffer) || view.byteLength === view.buffer.byteLength;
}

// src/core/paths.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function findRoot(from) {
  let dir = from;
  for (; ; ) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`svc-emulator: no package.json above ${from}`);
    dir = parent;
  }
}
var PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
function packagePath(...parts) {
  return join(PACKAGE_ROOT, ...parts);
}

// src/workers/pool.ts
var DEFAULT_POOL_OPTIONS = { size: availableParallelism(), memoryMb: 256, timeMs: 8e3 };
function movable(bytes) {
  const own = ownsBuffer(bytes) ? new Uint8Array(bytes.buffer, 0, bytes.byteLength) : new Uint8Array(bytes);
  return { bytes: own, transferList: [own.buffer] };
}
var TaskLimitError = class extends Error {
  constructor(limit, message) {
    super(message);
    this.limit = limit;
  }
  limit;
  name = "TaskLimitError";
};
var TaskError = class extends Error {
  constructor(errorName, code, message, details) {
    super(message);
    this.errorName = errorName;
    this.code = code;
    this.details = details;
  }
  errorName;
  code;
  details;
  name = "TaskError";
};
var TimeBudget = class extends Error {
};
function nextTurn() {
  return new Promise((resolve) => setImmediate(resolve));
}
var isTsSource = import.meta.url.endsWith(".ts");
function workerFile() {
  if (true) return pathToFileURL(packagePath("dist", "worker.js")).href;
  return new URL(isTsSource ? "./worker.ts" : "./worker.js", import.meta.url).href;
}
var WorkerPool = class {
  options;
  piscina;
  running = 0;
  /** Called with an error when the pool closes before the task gets a thread. */
  waiting = [];
  closed = false;
  constructor(options = {}) {
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
  }
  /** Tasks waiting for a thread, and tasks running. */
  stats() {
    return { running: this.running, queued: this.waiting.length, threads: this.piscina?.threads.length ?? 0 };
  }
  async run(name, input, opts = {}) {
    if (this.closed) throw new Error("the worker pool is closed");
    opts.signal?.throwIfAborted();
    await this.acquire(opts.signal);
    try {
      const result = this.options.size === 0 ? await this.runInProcess(name, input, opts) : await this.runInWorker(name, input, opts);
      if (!result.ok) throw new TaskError(result.error.name, result.error.code, result.error.message, result.error.details);
      return result.value;
    } finally {
      this.release();
    }
  }
  /**
   * Runs a streaming task (stream.ts): its chunks are yielded as the task posts them, under a credit window;
   * leaving the loop early or aborting `signal` cancels the task.
   */
  stream(name, input, opts = {}) {
    return readStream((port, runOpts) => this.run(name, { ...input, ...port }, runOpts), name, this.options.timeMs, opts);
  }
  /** Tasks waiting for a thread reject; running ones are stopped (see the header on when). */
  async close() {
    this.closed = true;
    for (const grant of this.waiting.splice(0)) grant(new Error("the worker pool is closed"));
    const p = this.piscina;
    this.piscina = void 0;
    if (!p) return;
    await nextTurn();
    await p.destroy();
  }
  pool() {
    this.piscina ??= new Piscina({
      filename: workerFile(),
      // The test suite runs the TypeScript sources; their worker needs the same loader.
      execArgv: isTsSource ? ["--import", "tsx"] : [],
      minThreads: 0,
      maxThreads: this.options.size,
      idleTimeout: 3e4,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 }
    });
    return this.piscina;
  }
  async runInWorker(name, input, opts) {
    const budgetMs = opts.timeMs ?? this.options.timeMs;
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(new TimeBudget()), budgetMs);
    timer.unref();
    const signal = opts.signal ? AbortSignal.any([opts.signal, budget.signal]) : budget.signal;
    const stop = new AbortController();
    const onAbort = () => void nextTurn().then(() => stop.abort(signal.reason));
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const result = await this.pool().run({ name, input }, { signal: stop.signal, transferList: opts.transferList });
      signal.throwIfAborted();
      return result;
    } catch (err) {
      if (budget.signal.aborted) throw new TaskLimitError("time", `the task '${name}' exceeded its time budget of ${budgetMs} ms`);
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY") {
        throw new TaskLimitError("memory", `the task '${name}' exceeded its memory ceiling of ${this.options.memoryMb} MiB`);
      }
      throw err;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    }
  }
  async runInProcess(name, input, opts) {
    const { runTask } = await import("./tasks-X34WH6HM.js");
    const budgetMs = opts.timeMs ?? this.options.timeMs;
    let timer;
    const overBudget = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new TaskLimitError("time", `the task '${name}' exceeded its time budget of ${budgetMs} ms`)), budgetMs);
      timer.unref();
    });
    try {
      return await Promise.race([runTask({ name, input }), overBudget]);
    } finally {
      clearTimeout(timer);
    }
  }
  acquire(signal) {
    const limit = Math.max(1, this.options.size);
    if (this.running < limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = (closed) => {
        signal?.removeEventListener("abort", onAbort);
        if (closed) return reject(closed);
        this.running++;
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(grant);
    });
  }
  release() {
    this.running--;
    this.waiting.shift()?.();
  }
};

// src/workers/stream.ts
var DEFAULT_STREAM_WINDOW_BYTES = 256 * 1024;
var CANCEL_GRACE_MS = 2e3;
var NO_TIMEOUT_MS = 2 ** 31 - 1;
async function* readStream(run, name, defaultTimeMs, opts) {
  const { signal } = opts;
  signal?.throwIfAborted();
  const windowBytes = opts.windowBytes ?? DEFAULT_STREAM_WINDOW_BYTES;
  const budgetMs = opts.timeMs ?? defaultTimeMs;
  const { port1, port2 } = new MessageChannel();
  const queue = [];
  let outstanding = 0;
  let ended = false;
  let settled = false;
  let failure;
  let wake;
  const notify = () => {
    const w = wake;
    wake = void 0;
    w?.();
  };
  const hard = new AbortController();
  let remaining = budgetMs;
  let armedAt = 0;
  let budgetTimer;
  const arm = () => {
    if (budgetTimer || settled) return;
    armedAt = performance.now();
    budgetTimer = setTimeout(() => hard.abort(new TaskLimitError("time", `the task '${name}' exceeded its time budget of ${budgetMs} ms`)), Math.max(0, remaining));
    budgetTimer.unref();
  };
  const pause = () => {
    if (!budgetTimer) return;
    clearTimeout(budgetTimer);
    budgetTimer = void 0;
    remaining -= performance.now() - armedAt;
  };
  let graceTimer;
  const cancel = (reason) => {
    if (settled || graceTimer) return;
    try {
      port1.postMessage({ t: "cancel" });
    } catch {
    }
    graceTimer = setTimeout(() => hard.abort(reason), CANCEL_GRACE_MS);
    graceTimer.unref();
  };
  const onAbort = () => {
    cancel(signal.reason);
    notify();
  };
  port1.on("message", (m) => {
    if (m.t === "start") arm();
    else if (m.t === "chunk") {
      queue.push(m.bytes);
      outstanding += m.bytes.byteLength;
      if (outstanding >= windowBytes) pause();
    } else ended = true;
    notify();
  });
  signal?.addEventListener("abort", onAbort, { once: true });
  const settle = () => {
    settled = true;
    clearTimeout(graceTimer);
    clearTimeout(budgetTimer);
    budgetTimer = void 0;
    notify();
  };
  run({ port: port2, windowBytes }, { transferList: [port2], signal: hard.signal, timeMs: NO_TIMEOUT_MS }).then(settle, (error) => {
    failure = { error };
    settle();
  });
  try {
    for (; ; ) {
      signal?.throwIfAborted();
      const chunk = queue.length > 1 ? concat(queue.splice(0)) : queue.shift();
      if (chunk) {
        yield chunk;
        outstanding -= chunk.byteLength;
        port1.postMessage({ t: "credit", bytes: chunk.byteLength });
        if (outstanding < windowBytes) arm();
        continue;
      }
      if (failure && (ended || !(failure.error instanceof TaskError))) throw failure.error;
      if (settled && ended) return;
      await new Promise((resolve) => wake = resolve);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!settled) cancel(signal?.reason ?? new Error("the stream was closed by its reader"));
    pause();
    port1.close();
  }
}
function concat(chunks) {
  let size = 0;
  for (const c of chunks) size += c.byteLength;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
function streamTask(fn) {
  return async (input) => {
    const sink = new StreamSink(input.port, input.windowBytes);
    try {
      await fn(input, sink);
    } catch (err) {
      if (!sink.cancelled) throw err;
    } finally {
      sink.end();
    }
  };
}
var StreamCancelled = class extends Error {
  name = "StreamCancelled";
};
var StreamSink = class {
  constructor(port, windowBytes) {
    this.port = port;
    this.credit = windowBytes;
    port.postMessage({ t: "start" });
    port.on("message", (m) => {
      if (m.t === "credit") this.credit += m.bytes;
      else this.stop();
      this.wake();
    });
    port.once("close", () => {
      this.stop();
      this.wake();
    });
  }
  port;
  credit;
  controller = new AbortController();
  waiter;
  /** Aborts when the reader cancels; pass it to cooperative loops. */
  get signal() {
    return this.controller.signal;
  }
  /** Bytes the task may still post before it has to wait for the reader. */
  get creditBytes() {
    return this.credit;
  }
  get cancelled() {
    return this.controller.signal.aborted;
  }
  /** Posts one chunk (moved, not copied), then waits while the reader is a full window behind. */
  async send(bytes) {
    if (this.cancelled) throw new StreamCancelled("the reader cancelled the stream");
    if (bytes.byteLength === 0) return;
    const owned2 = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    const size = owned2.byteLength;
    this.port.postMessage({ t: "chunk", bytes: owned2 }, [owned2.buffer]);
    this.credit -= size;
    await nextTurn2();
    while (this.credit <= 0 && !this.cancelled) await new Promise((resolve) => this.waiter = resolve);
    if (this.cancelled) throw new StreamCancelled("the reader cancelled the stream");
  }
  /** Marks the end of the stream (after the last chunk); the reader closes the channel. */
  end() {
    if (this.cancelled) return;
    try {
      this.port.postMessage({ t: "end" });
    } catch {
    }
  }
  stop() {
    if (!this.cancelled) this.controller.abort(new StreamCancelled("the reader cancelled the stream"));
  }
  wake() {
    const w = this.waiter;
    this.waiter = void 0;
    w?.();
  }
};

// src/audio/errors.ts
var AudioDecodeError = class extends Error {
  code;
  /** For `audio_too_complex`: which content limit was exceeded, its value and the amount found. */
  details;
  constructor(code, message, details) {
    super(message);
    this.name = "AudioDecodeError";
    this.code = code;
    if (details) this.details = details;
  }
};
var unsupported = (m) => new AudioDecodeError("unsupported_audio_format", m);
var corrupt = (m) => new AudioDecodeError("audio_corrupt", m);
var truncated = (m) => new AudioDecodeError("audio_truncated", m);
var DEFAULT_AUDIO_LIMITS = { maxSeconds: 4 * 3600, maxFrames: 6e5 };
function tooComplex(limit, max, found, what) {
  const setting = limit === "max_audio_seconds" ? "stt.maxAudioSeconds" : "stt.maxFrames";
  return new AudioDecodeError("audio_too_complex", `${what}; the limit is ${max} (${limit}, config ${setting})`, { limit, max, found });
}

// src/audio/m4a.ts
function boxes(buf, dv, start, end, top = false) {
  const out = [];
  let off = start;
  while (off + 8 <= end) {
    let size = dv.getUint32(off, false);
    const type = ascii(buf, off + 4, 4);
    if (!isBoxType(type)) throw corrupt(`invalid MP4 box type at byte ${off}`);
    let header = 8;
    if (size === 1) {
      if (off + 16 > end)
        throw top ? truncated(`MP4 box '${type}' header cut`) : corrupt(`MP4 box '${type}' header overruns its parent`);
      size = Number(dv.getBigUint64(off + 8, false));
      header = 16;
    } else if (size === 0) size = end - off;
    if (size < header) throw corrupt(`MP4 box '${type}' with size ${size}`);
    if (off + size > end) {
      throw top ? truncated(`MP4 box '${type}' runs past the end of the file`) : corrupt(`MP4 box '${type}' overruns its parent`);
    }
    out.push({ type, body: off + header, end: off + size });
    off += size;
  }
  if (off < end && top) throw truncated("MP4 file ends inside a box header");
  return out;
}
var isBoxType = (t) => /^[\x20-\xff]{4}$/.test(t);
var child = (list, type) => list.find((b) => b.type === type);
function readSoundTrack(buf, dv, moov, offsets = true) {
  const moovKids = boxes(buf, dv, moov.body, moov.end);
  const mvhd = child(moovKids, "mvhd");
  if (!mvhd) throw corrupt("MP4 without mvhd");
  const movieTimescale = dv.getUint32(mvhd.body + (buf[mvhd.body] === 1 ? 20 : 12), false);
  for (const trak of moovKids.filter((b) => b.type === "trak")) {
    const trakKids = boxes(buf, dv, trak.body, trak.end);
    const mdia = child(trakKids, "mdia");
    if (!mdia) continue;
    const mdiaKids = boxes(buf, dv, mdia.body, mdia.end);
    const hdlr = child(mdiaKids, "hdlr");
    if (!hdlr || ascii(buf, hdlr.body + 8, 4) !== "soun") continue;
    const mdhd = child(mdiaKids, "mdhd");
    if (!mdhd) throw corrupt("MP4 sound track without mdhd");
    const v1 = buf[mdhd.body] === 1;
    const timescale = dv.getUint32(mdhd.body + (v1 ? 20 : 12), false);
    const mediaDuration = v1 ? Number(dv.getBigUint64(mdhd.body + 24, false)) : dv.getUint32(mdhd.body + 16, false);
    let editDuration = null;
    const edts = child(trakKids, "edts");
    const elst = edts ? child(boxes(buf, dv, edts.body, edts.end), "elst") : void 0;
    if (elst) {
      const ev1 = buf[elst.body] === 1;
      const count = dv.getUint32(elst.body + 4, false);
      const entry = ev1 ? 20 : 12;
      if (elst.body + 8 + count * entry > elst.end) throw corrupt("MP4 edit list overruns its box");
      editDuration = 0;
      for (let i = 0, p = elst.body + 8; i < count; i++, p += entry) {
        const seg = ev1 ? Number(dv.getBigUint64(p, false)) : dv.getUint32(p, false);
        const mediaTime = ev1 ? Number(dv.getBigInt64(p + 8, false)) : dv.getInt32(p + 4, false);
        if (mediaTime !== -1) editDuration += seg;
      }
    }
    let channels = 0;
    let sampleRate = 0;
    let maxChunkOffset = 0;
    const minf = child(mdiaKids, "minf");
    const stbl = minf ? child(boxes(buf, dv, minf.body, minf.end), "stbl") : void 0;
    if (!stbl) throw corrupt("MP4 sound track without a sample table");
    const stblKids = boxes(buf, dv, stbl.body, stbl.end);
    const stsd = child(stblKids, "stsd");
    if (stsd && stsd.body + 16 + 28 <= stsd.end) {
      const entry = stsd.body + 8;
      channels = dv.getUint16(entry + 8 + 16, false);
      sampleRate = dv.getUint32(entry + 8 + 24, false) >>> 16;
      const entryEnd = Math.min(stsd.end, entry + dv.getUint32(entry, false));
      const version = dv.getUint16(entry + 16, false);
      const kids = entry + 36 + (version === 1 ? 16 : version === 2 ? 36 : 0);
      let asc = null;
      try {
        const esds = child(boxes(buf, dv, kids, entryEnd), "esds");
        asc = esds ? audioSpecificConfig(buf, esds.body + 4, esds.end) : null;
      } catch {
        asc = null;
      }
      if (asc) {
        if (asc.channels > 0) channels = asc.channels;
        if (asc.sampleRate > 0) sampleRate = asc.sampleRate;
      }
    }
    for (const type of offsets ? ["stco", "co64"] : []) {
      const b = child(stblKids, type);
      if (!b) continue;
      const n = dv.getUint32(b.body + 4, false);
      const w = type === "stco" ? 4 : 8;
      for (let i = 0, p = b.body + 8; i < n && p + w <= b.end; i++, p += w) {
        const v = w === 4 ? dv.getUint32(p, false) : Number(dv.getBigUint64(p, false));
        if (v > maxChunkOffset) maxChunkOffset = v;
      }
    }
    return {
      movieTimescale,
      track: { timescale, mediaDuration, editDuration, channels, sampleRate, maxChunkOffset }
    };
  }
  return null;
}
var AAC_RATES = [96e3, 88200, 64e3, 48e3, 44100, 32e3, 24e3, 22050, 16e3, 12e3, 11025, 8e3, 7350];
function audioSpecificConfig(buf, start, end) {
  let p = start;
  while (p < end) {
    const tag = buf[p++];
    let len = 0;
    for (let i = 0; i < 4 && p < end; i++) {
      const b = buf[p++];
      len = len << 7 | b & 127;
      if (!(b & 128)) break;
    }
    if (tag === 3) {
      const flags = buf[p + 2];
      p += 3;
      if (flags & 128) p += 2;
      if (flags & 64) p += 1 + buf[p];
      if (flags & 32) p += 2;
    } else if (tag === 4) p += 13;
    else if (tag === 5) {
      if (p + 2 > end) return null;
      let bitPos = 0;
      const read = (n) => {
        let v = 0;
        for (let i = 0; i < n; i++, bitPos++)
          v = v << 1 | buf[p + (bitPos >> 3)] >> 7 - (bitPos & 7) & 1;
        return v;
      };
      let aot = read(5);
      if (aot === 31) aot = 32 + read(6);
      const sfi = read(4);
      const sampleRate = sfi === 15 ? read(24) : AAC_RATES[sfi] ?? 0;
      const cfg = read(4);
      return { channels: cfg === 7 ? 8 : cfg <= 6 ? cfg : 0, sampleRate };
    } else p += len;
  }
  return null;
}
function soundTrackOf(buf, offsets) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const topLevel = boxes(buf, dv, 0, buf.length, true);
  const moov = child(topLevel, "moov");
  if (!moov) throw truncated("MP4 without a moov box (file cut before it?)");
  const sound = readSoundTrack(buf, dv, moov, offsets);
  if (!sound) throw corrupt("MP4 without an audio track");
  return { dv, ...sound };
}
function trackSeconds(movieTimescale, track) {
  if (track.editDuration !== null && track.editDuration > 0 && movieTimescale > 0) return track.editDuration / movieTimescale;
  return track.timescale > 0 ? track.mediaDuration / track.timescale : 0;
}
function probeM4a(buf) {
  const { movieTimescale, track } = soundTrackOf(buf, false);
  return { sampleRate: track.sampleRate || track.timescale, channels: track.channels || 1, durationSeconds: trackSeconds(movieTimescale, track) };
}
async function readM4a(buf) {
  const { movieTimescale, track } = soundTrackOf(buf, true);
  if (track.maxChunkOffset >= buf.length) throw truncated("MP4 sample data lies past the end of the file");
  let meta;
  try {
    const { parseBuffer } = await import("music-metadata");
    meta = await parseBuffer(buf, { mimeType: "audio/mp4" }, { duration: true, skipCovers: true });
  } catch (e) {
    throw corrupt(`MP4 unreadable: ${e instanceof Error ? e.message : String(e)}`);
  }
  const f = meta.format;
  if (f.hasAudio === false || !f.duration || !Number.isFinite(f.duration)) throw corrupt("MP4 audio track has no duration");
  let durationSeconds = f.duration;
  if (track.editDuration !== null && track.editDuration > 0 && movieTimescale > 0) {
    durationSeconds = track.editDuration / movieTimescale;
  }
  if (!(durationSeconds > 0)) throw corrupt("MP4 audio track is empty");
  const sampleRate = track.sampleRate || f.sampleRate || track.timescale;
  const channels = track.channels || f.numberOfChannels || 0;
  if (!sampleRate || !channels) throw corrupt("MP4 audio track without sample rate or channels");
  return { sampleRate, channels, durationSeconds };
}

// src/audio/probe.ts
function probeAudio(buf, limits = DEFAULT_AUDIO_LIMITS) {
  if (buf.length === 0) throw corrupt("empty upload");
  const format = sniffAudioFormat(buf);
  let probe;
  if (format === "wav") {
    const wav = probeWav(buf);
    const frames = Math.floor((wav.end - wav.start) / ((wav.fmt.bits >> 3) * wav.fmt.channels));
    if (frames === 0) throw corrupt("WAV holds no samples");
    probe = { format, sampleRate: wav.fmt.sampleRate, channels: wav.fmt.channels, estimatedSeconds: frames / wav.fmt.sampleRate, wav };
  } else if (format === "mp3") {
    const mp3 = scanMp3(buf, limits.maxFrames);
    const audioFrames = mp3.frames - (mp3.hasInfoFrame ? 1 : 0);
    const { sampleRate, channels, samplesPerFrame } = mp3.first;
    probe = { format, sampleRate, channels, estimatedSeconds: audioFrames * samplesPerFrame / sampleRate, mp3 };
  } else if (format === "m4a") {
    const facts = probeM4a(buf);
    probe = { format, sampleRate: facts.sampleRate, channels: facts.channels, estimatedSeconds: facts.durationSeconds };
  } else {
    throw unsupported("not a WAV, MP3 or M4A file");
  }
  checkSeconds(probe.estimatedSeconds, limits);
  return probe;
}
function checkSeconds(seconds, limits) {
  if (seconds > limits.maxSeconds) {
    throw tooComplex("max_audio_seconds", limits.maxSeconds, seconds, `the audio lasts ${seconds.toFixed(1)} s`);
  }
}
function isChunkId(buf, off) {
  for (let i = off; i < off + 4; i++) if (buf[i] < 32 || buf[i] > 126) return false;
  return true;
}
var isTag = (buf, off, tag) => buf[off] === tag.charCodeAt(0) && buf[off + 1] === tag.charCodeAt(1) && buf[off + 2] === tag.charCodeAt(2) && buf[off + 3] === tag.charCodeAt(3);
function parseWavFmt(dv, off, size) {
  if (size < 16) throw corrupt("fmt chunk too short");
  let tag = dv.getUint16(off, true);
  const channels = dv.getUint16(off + 2, true);
  const sampleRate = dv.getUint32(off + 4, true);
  const bits = dv.getUint16(off + 14, true);
  if (tag === 65534) {
    if (size < 40) throw corrupt("extensible fmt chunk too short");
    tag = dv.getUint16(off + 24, true);
  }
  if (tag !== 1 && tag !== 3) throw unsupported(`WAV codec 0x${tag.toString(16)} is not PCM`);
  if (channels < 1 || channels > 32) throw corrupt(`WAV with ${channels} channels`);
  if (sampleRate < 1e3 || sampleRate > 768e3) throw corrupt(`WAV sample rate ${sampleRate}`);
  const float = tag === 3;
  if (float ? bits !== 32 && bits !== 64 : ![8, 16, 24, 32].includes(bits)) {
    throw unsupported(`WAV ${float ? "float" : "PCM"} with ${bits} bits per sample`);
  }
  return { float, channels, sampleRate, bits };
}
function probeWav(buf) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const riffSize = dv.getUint32(4, true);
  let fmt = null;
  let off = 12;
  for (; ; ) {
    if (off + 8 > buf.length) {
      const claimed = riffSize !== 0 && riffSize !== 4294967295 && riffSize + 8 > buf.length;
      if (claimed || off < buf.length) throw truncated("WAV ends before its data chunk");
      throw corrupt("WAV without a data chunk");
    }
    if (!isChunkId(buf, off)) throw corrupt(`invalid WAV chunk id at byte ${off}`);
    const size = dv.getUint32(off + 4, true);
    const body = off + 8;
    if (isTag(buf, off, "data")) {
      if (!fmt) throw corrupt("WAV data chunk before its fmt chunk");
      if (size === 0 || size === 4294967295) return { fmt, start: body, end: buf.length };
      if (body + size > buf.length) throw truncated(`WAV data chunk claims ${size} bytes, ${buf.length - body} present`);
      return { fmt, start: body, end: body + size };
    }
    if (body + size > buf.length) throw truncated(`WAV chunk '${ascii(buf, off, 4)}' runs past the end of the file`);
    if (isTag(buf, off, "fmt ")) fmt = parseWavFmt(dv, body, size);
    off = body + size + (size & 1);
  }
}
var MP3_SYNC_WINDOW = 64 * 1024;
function isTrailingMetadata(buf, off) {
  if (["TAG", "ID3", "3DI"].includes(ascii(buf, off, 3))) return true;
  if (ascii(buf, off, 8) === "APETAGEX" || ascii(buf, off, 11) === "LYRICSBEGIN") return true;
  for (let i = off; i < buf.length; i++) if (buf[i] !== 0) return false;
  return true;
}
function scanMp3(buf, maxFrames = Infinity) {
  let start = 0;
  for (let tag2 = id3v2Size(buf, start); tag2 > 0; tag2 = id3v2Size(buf, start)) start += tag2;
  if (start >= buf.length) throw truncated("MP3 ends inside or right after its ID3 tag");
  let first = -1;
  const limit = Math.min(buf.length, start + MP3_SYNC_WINDOW);
  for (let i = start; i < limit; i++) {
    if (buf[i] !== 255) continue;
    const h = parseMpegFrameHeader(buf, i);
    if (!h) continue;
    if (isMpegFramePair(buf, i) || i + h.frameLength === buf.length) {
      first = i;
      break;
    }
    if (i + h.frameLength > buf.length && start > 0 && i === start) {
      throw truncated("MP3 cut inside its first frame");
    }
  }
  if (first < 0) {
    throw start > 0 ? unsupported("no MPEG audio frames after the ID3 tag") : corrupt("no MPEG audio frames");
  }
  const h0 = parseMpegFrameHeader(buf, first);
  let off = first;
  let frames = 0;
  while (off < buf.length) {
    const h = parseMpegFrameHeader(buf, off);
    if (h && sameMpegStream(h, h0)) {
      if (off + h.frameLength > buf.length) throw truncated(`MP3 cut inside frame ${frames + 1}`);
      off += h.frameLength;
      if (++frames > maxFrames) throw tooComplex("max_frames", maxFrames, frames, `the MP3 holds more than ${maxFrames} frames`);
      continue;
    }
    const rest = buf.length - off;
    if (rest < 4 && buf[off] === 255 && (rest < 2 || (buf[off + 1] & 224) === 224)) {
      throw truncated(`MP3 cut inside the header of frame ${frames + 1}`);
    }
    if (isTrailingMetadata(buf, off)) break;
    throw corrupt(`invalid MP3 data at byte ${off} after ${frames} frames`);
  }
  const tagAt = first + h0.sideInfoEnd;
  const tag = ascii(buf, tagAt, 4);
  return { start: first, end: off, first: h0, frames, hasInfoFrame: tag === "Xing" || tag === "Info" };
}

// src/audio/decode.ts
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
var WAV_CHUNK_FRAMES = 1 << 16;
var MP3_DECODE_SLICE = 16 * 1024;
async function decodeStream(buf, sink, limits = DEFAULT_AUDIO_LIMITS, probe = probeAudio(buf, limits)) {
  if (probe.wav) return decodeWav(buf, probe.wav, sink);
  if (probe.mp3) return decodeMp3(buf, probe.mp3, sink, limits);
  const facts = await readM4a(buf);
  return { format: "m4a", ...facts, codecDelaySamples: 0 };
}
async function decodeAudio(buf, limits = DEFAULT_AUDIO_LIMITS) {
  const parts = [];
  const facts = await decodeStream(buf, (pcm) => parts.push(pcm), limits);
  return { ...facts, pcm: facts.format === "m4a" ? null : concatFloat32(parts) };
}
function concatFloat32(parts) {
  if (parts.length === 1) return parts[0];
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
async function decodeWav(buf, wav, sink) {
  const { channels, bits, float, sampleRate } = wav.fmt;
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const bytes = bits >> 3;
  const frameBytes = bytes * channels;
  const frames = Math.floor((wav.end - wav.start) / frameBytes);
  const inv = 1 / channels;
  let p = wav.start;
  for (let done = 0; done < frames; ) {
    if (done > 0) await yieldToEventLoop();
    const n = Math.min(WAV_CHUNK_FRAMES, frames - done);
    const out = new Float32Array(n);
    if (bits === 16 && channels === 1 && !float) {
      for (let i = 0; i < n; i++, p += 2) out[i] = dv.getInt16(p, true) / 32768;
    } else {
      for (let i = 0; i < n; i++) {
        let acc = 0;
        for (let c = 0; c < channels; c++, p += bytes) {
          let v;
          if (float) v = bits === 32 ? dv.getFloat32(p, true) : dv.getFloat64(p, true);
          else if (bits === 16) v = dv.getInt16(p, true) / 32768;
          else if (bits === 8) v = (buf[p] - 128) / 128;
          else if (bits === 24) v = ((buf[p] | buf[p + 1] << 8 | buf[p + 2] << 16) << 8 >> 8) / 8388608;
          else v = dv.getInt32(p, true) / 2147483648;
          acc += v;
        }
        out[i] = channels === 1 ? acc : acc * inv;
      }
    }
    sink(out);
    done += n;
  }
  return { format: "wav", sampleRate, channels, durationSeconds: frames / sampleRate, codecDelaySamples: 0 };
}
async function decodeMp3(buf, stream, sink, limits) {
  const { first } = stream;
  const { MPEGDecoder } = await import("mpg123-decoder");
  const decoder = new MPEGDecoder();
  await decoder.ready;
  let samples = 0;
  let sampleRate = 0;
  const maxSamples = limits.maxSeconds * first.sampleRate;
  try {
    const body = buf.subarray(stream.start, stream.end);
    for (let off = 0; off < body.length; off += MP3_DECODE_SLICE) {
      if (off > 0) await yieldToEventLoop();
      const r = decoder.decode(body.subarray(off, off + MP3_DECODE_SLICE));
      if (r.errors.length > 0) throw corrupt(`MP3 decode error: ${r.errors[0].message}`);
      if (r.samplesDecoded === 0) continue;
      samples += r.samplesDecoded;
      sampleRate = r.sampleRate;
      if (samples > maxSamples) {
        throw tooComplex("max_audio_seconds", limits.maxSeconds, samples / first.sampleRate, `the decoded audio passes ${limits.maxSeconds} s`);
      }
      const left = r.channelData[0];
      if (first.channels === 2) {
        const right = r.channelData[1];
        for (let i = 0; i < left.length; i++) left[i] = (left[i] + right[i]) * 0.5;
      }
      sink(left.length === r.samplesDecoded ? left : left.subarray(0, r.samplesDecoded));
    }
  } finally {
    decoder.free();
  }
  if (samples === 0) throw corrupt("MP3 holds no audio frames");
  const audioFrames = stream.frames - (stream.hasInfoFrame ? 1 : 0);
  const untrimmed = samples >= audioFrames * first.samplesPerFrame;
  const rate = sampleRate || first.sampleRate;
  return {
    format: "mp3",
    sampleRate: rate,
    channels: first.channels,
    durationSeconds: samples / rate,
    codecDelaySamples: untrimmed ? LAMEJS_ENCODER_DELAY : 0
  };
}

// src/stt/transcript.ts
var ms = (seconds) => Math.round(seconds * 1e3) / 1e3;
var ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/gu;
var LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/gu;
function detectLanguage(text) {
  const arabic = text.match(ARABIC_SCRIPT)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return latin > arabic ? "en" : "ar";
}
function spreadWords(words, start, end, confidence) {
  const n = words.length;
  if (n === 0) return [];
  const slot = Math.max(0, end - start) / n;
  return words.map((word, i) => ({
    word,
    start: start + i * slot + slot * 0.05,
    end: start + i * slot + slot * 0.85,
    confidence: confidence(i)
  }));
}
function shapeResult(t, durationSeconds, opts) {
  const language = t.language ?? (opts.language === "auto" ? detectLanguage(t.text) : opts.language);
  const segments = t.segments.map((s, id) => ({
    id,
    start: ms(s.start),
    end: ms(s.end),
    text: s.text,
    confidence: s.confidence,
    ...opts.diarize ? { speaker: s.speaker } : {}
  }));
  const result = { text: t.text, language, duration_seconds: ms(durationSeconds), segments };
  if (opts.wordTimestamps) {
    result.words = t.segments.flatMap(
      (s, id) => s.words.map((w) => ({
        word: w.word,
        start: ms(w.start),
        end: ms(w.end),
        confidence: w.confidence,
        segment_id: id,
        ...opts.diarize ? { speaker: s.speaker } : {}
      }))
    );
  }
  return result;
}

// src/stt/fallback.ts
import { createHash } from "node:crypto";
var FALLBACK_WORDS_PER_SECOND = 2.2;
var FALLBACK_WORDS_PER_SEGMENT = 11;
var SILENCE_RMS = 1e-3;
var faker;
var loading;
function loadFaker() {
  loading ??= import("@faker-js/faker/locale/ar").then((m) => faker = m.faker);
  return loading;
}
function loadedFaker() {
  if (!faker) throw new Error("faker is not loaded yet: await loadFaker() first");
  return faker;
}
function seedFrom(sha256) {
  return [sha256.readUInt32BE(0), sha256.readUInt32BE(4), sha256.readUInt32BE(8), sha256.readUInt32BE(12)];
}
function wordCountFor(seconds) {
  return Math.max(1, Math.round(seconds * FALLBACK_WORDS_PER_SECOND));
}
function fallbackWords(sha256, count) {
  const faker2 = loadedFaker();
  faker2.seed(seedFrom(sha256));
  const words = [];
  while (words.length < count) words.push(...faker2.lorem.words(Math.min(50, count - words.length)).split(" "));
  const confidences = words.map(() => faker2.number.float({ min: 0.62, max: 0.97, fractionDigits: 2 }));
  return { words, confidences };
}
function fallbackSegments(sha256, start, end, count = wordCountFor(end - start)) {
  const { words, confidences } = fallbackWords(sha256, count);
  const timed = spreadWords(words, start, end, (i) => confidences[i]);
  const segments = [];
  for (let i = 0; i < timed.length; i += FALLBACK_WORDS_PER_SEGMENT) {
    const group = timed.slice(i, i + FALLBACK_WORDS_PER_SEGMENT);
    const mean = group.reduce((a, w) => a + w.confidence, 0) / group.length;
    segments.push({
      start: group[0].start,
      end: group[group.length - 1].end,
      text: group.map((w) => w.word).join(" "),
      confidence: Math.round(mean * 100) / 100,
      speaker: "speaker_0",
      words: group
    });
  }
  return segments;
}
function fallbackTranscript(sha256, durationSeconds, silent) {
  if (silent === true || durationSeconds <= 0) return { source: "fallback", text: "", segments: [] };
  const segments = fallbackSegments(sha256, 0, durationSeconds);
  return { source: "fallback", text: segments.map((s) => s.text).join(" "), segments };
}
var FallbackStream = class {
  constructor(sampleRate, interim, windowSeconds = 5, graceSeconds = 1) {
    this.sampleRate = sampleRate;
    this.interim = interim;
    this.windowSamples = Math.round(windowSeconds * sampleRate);
    this.graceSamples = Math.round(graceSeconds * sampleRate);
    this.partialSamples = sampleRate;
    this.nextPartial = this.partialSamples;
  }
  sampleRate;
  interim;
  windowSamples;
  graceSamples;
  partialSamples;
  total = 0;
  windowStart = 0;
  hash = createHash("sha256");
  sumSquares = 0;
  nextPartial;
  pending;
  /** `pcm` is `bytes` (s16le) as Float32. */
  push(pcm, bytes) {
    const out = [];
    let at = 0;
    while (at < pcm.length) {
      const room = this.windowStart + this.windowSamples - this.total;
      const take = Math.min(room, pcm.length - at);
      for (let i = at; i < at + take; i++) this.sumSquares += pcm[i] * pcm[i];
      this.hash.update(bytes.subarray(at * 2, (at + take) * 2));
      this.total += take;
      at += take;
      const inWindow = this.total - this.windowStart;
      if (this.interim && inWindow >= this.nextPartial && inWindow < this.windowSamples) {
        this.nextPartial += this.partialSamples;
        const partial = this.partial();
        if (partial) out.push(partial);
      }
      if (this.pending && this.total >= this.pending.end + this.graceSamples) out.push(...this.release());
      if (inWindow >= this.windowSamples) this.closeWindow();
    }
    return out;
  }
  /** End of stream: the pending window and the current partial window are finalised at once. */
  finish() {
    const out = this.release();
    if (this.total > this.windowStart) {
      this.closeWindow();
      out.push(...this.release());
    }
    return out;
  }
  partial() {
    const n = this.total - this.windowStart;
    if (Math.sqrt(this.sumSquares / n) < SILENCE_RMS) return void 0;
    const seconds = n / this.sampleRate;
    const { words } = fallbackWords(this.hash.copy().digest(), wordCountFor(seconds));
    return { type: "partial", text: words.join(" "), start: this.windowStart / this.sampleRate, end: this.total / this.sampleRate };
  }
  closeWindow() {
    const n = this.total - this.windowStart;
    this.pending = {
      start: this.windowStart,
      end: this.total,
      sha: this.hash.digest(),
      silent: Math.sqrt(this.sumSquares / n) < SILENCE_RMS
    };
    this.windowStart = this.total;
    this.hash = createHash("sha256");
    this.sumSquares = 0;
    this.nextPartial = this.partialSamples;
  }
  release() {
    const p = this.pending;
    this.pending = void 0;
    if (!p || p.silent) return [];
    return [{ type: "final", segments: fallbackSegments(p.sha, p.start / this.sampleRate, p.end / this.sampleRate) }];
  }
};

// src/stt/round-trip.ts
function canDecodeVoiceAt(sampleRate) {
  return Number.isInteger(sampleRate) && sampleRate >= MIN_SAMPLE_RATE && sampleRate <= MAX_SAMPLE_RATE;
}
function utteranceSegment(u, speaker, offsetSeconds = 0) {
  const t = (x) => Math.max(0, x - offsetSeconds);
  return {
    start: t(u.start),
    end: t(u.end),
    text: u.text,
    confidence: 1,
    speaker: speaker(u.voiceIndex),
    words: u.words.map((w) => ({ word: w.word, start: t(w.start), end: t(w.end), confidence: 1 }))
  };
}
function roundTripTranscript(utterances, speaker, offsetSeconds = 0) {
  const segments = utterances.map((u) => utteranceSegment(u, speaker, offsetSeconds));
  return { source: "round_trip", text: segments.map((s) => s.text).join(" "), segments };
}

export {
  packagePath,
  markOwned,
  streamTask,
  AudioDecodeError,
  DEFAULT_AUDIO_LIMITS,
  probeAudio,
  decodeStream,
  decodeAudio,
  ms,
  detectLanguage,
  spreadWords,
  shapeResult,
  SILENCE_RMS,
  loadFaker,
  fallbackTranscript,
  FallbackStream,
  canDecodeVoiceAt,
  utteranceSegment,
  roundTripTranscript,
  DEFAULT_POOL_OPTIONS,
  movable,
  TaskLimitError,
  TaskError,
  WorkerPool
};
