import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  SILENCE_RMS,
  canDecodeVoiceAt,
  decodeStream,
  fallbackTranscript,
  loadFaker,
  ms,
  probeAudio,
  streamTask
} from "./chunk-QDD4B6RQ.js";
import {
  StreamingDecoder
} from "./chunk-I4R5KMDQ.js";

// src/workers/pool-tasks.ts
import { getPriority } from "node:os";
import { threadId } from "node:worker_threads";
var poolTasks = {
  /**
   * Streams `chunks` chunks of `chunkBytes` bytes; each chunk starts with the thread id (Int32) and its
   * index, so tests see which thread served them.
   */
  "pool.stream": streamTask(async (input, sink) => {
    const progress = input.progress ? new Int32Array(input.progress) : void 0;
    try {
      if (input.spinMs) spin(input.spinMs);
      for (let i = 0; i < input.chunks; i++) {
        const chunk = new Uint8Array(Math.max(8, input.chunkBytes));
        new DataView(chunk.buffer).setInt32(0, threadId);
        new DataView(chunk.buffer).setInt32(4, i);
        if (i === input.failAt) throw Object.assign(new Error(`failed at chunk ${i}`), { code: "stream_failed" });
        const sent = sink.send(chunk);
        if (progress) {
          Atomics.store(progress, 0, i + 1);
          if (sink.creditBytes <= 0) {
            Atomics.store(progress, 1, 1);
            Atomics.notify(progress, 1);
          }
        }
        await sent;
        if (progress) Atomics.store(progress, 1, 0);
      }
    } catch (err) {
      if (input.ignoreCancel && sink.cancelled) for (; ; ) spin(1e3);
      throw err;
    }
  }),
  /** Echoes its input: the round trip through a thread. */
  "pool.echo": (input) => input.value,
  /** The thread's scheduling priority (nice value), as the kernel sees it. */
  "pool.priority": () => getPriority(),
  /** Holds `mb` MiB of live JS heap (arrays of doubles), to trip the memory ceiling. */
  "pool.allocate": (input) => {
    const keep = [];
    for (let i = 0; i < input.mb; i++) keep.push(new Array(128 * 1024).fill(i + 0.5));
    return keep.length;
  },
  /** Busy for `ms` milliseconds of one core, to trip the time budget. */
  "pool.spin": (input) => spin(input.ms),
  /** Throws an error with a code, as area tasks do. */
  "pool.fail": (input) => {
    throw Object.assign(new Error(input.message), { name: "DiagnosticError", code: input.code });
  }
};
function spin(ms2) {
  const end = performance.now() + ms2;
  let n = 0;
  while (performance.now() < end) n++;
  return n;
}

// src/workers/lazy-module.ts
function lazyModule(callerUrl, name, load) {
  let loaded;
  return () => loaded ??= (async () => {
    if (!callerUrl.endsWith(".ts")) return load();
    const { tsImport } = await import("tsx/esm/api");
    return await tsImport(`./${name}.ts`, callerUrl);
  })();
}

// src/rag/engine/worker-tasks.ts
var loadInspect = lazyModule(import.meta.url, "inspect", () => import("./inspect-YUFHNW7O.js"));
var documentTasks = {
  /** Type sniff, scan and extraction of an upload; a rejection throws DocumentError (code + details). */
  "rag.inspect": async (input) => {
    const { inspectDocument } = await loadInspect();
    return inspectDocument(input.bytes, input.fileName, input.limits);
  }
};

// src/stt/analyze.ts
async function analyzeUpload(input) {
  const probe = probeAudio(input.bytes, input.limits);
  const voice = input.transcribe && canDecodeVoiceAt(probe.sampleRate) ? new StreamingDecoder(probe.sampleRate) : void 0;
  const utterances = [];
  const collect = (events) => {
    for (const e of events) if (e.type === "utterance") utterances.push(e.utterance);
  };
  let sumSquares = 0;
  let samples = 0;
  const facts = await decodeStream(
    input.bytes,
    (pcm) => {
      if (!input.transcribe) return;
      for (let i = 0; i < pcm.length; i++) sumSquares += pcm[i] * pcm[i];
      samples += pcm.length;
      if (voice) collect(voice.push(pcm));
    },
    input.limits,
    probe
  );
  if (voice) collect(voice.end());
  let fallback = null;
  if (input.transcribe && utterances.length === 0) {
    const silent = facts.format === "m4a" ? null : samples === 0 || Math.sqrt(sumSquares / samples) < SILENCE_RMS;
    if (silent !== true) await loadFaker();
    fallback = fallbackTranscript(Buffer.from(input.sha256, "hex"), ms(facts.durationSeconds), silent);
  }
  return { facts, utterances, fallback };
}

// src/audio/worker-tasks.ts
var audioTasks = {
  /** An STT upload: streamed decode, voice decoding, fallback transcript (src/stt/analyze.ts). */
  "audio.analyze": (input) => analyzeUpload(input)
};

// src/tts/worker-tasks.ts
var loadRender = lazyModule(import.meta.url, "render", () => import("./render-U7SGJ7LE.js"));
var ttsTasks = {
  /** Synthesises and encodes one utterance, posting its bytes as they exist (pool.stream). */
  "tts.render": streamTask(async (input, sink) => {
    const { render } = await loadRender();
    await render(input, sink);
  }),
  /** Warms one thread up (JIT, wasm module); returns the milliseconds it took. */
  "tts.warmup": async (input) => {
    const { warmUp } = await loadRender();
    return warmUp(input.encoder);
  }
};

// src/workers/tasks.ts
var taskTable = { ...poolTasks, ...documentTasks, ...audioTasks, ...ttsTasks };
async function runTask(req) {
  const fn = taskTable[req.name];
  if (!fn) return { ok: false, error: { name: "Error", message: `unknown worker task '${String(req.name)}'` } };
  try {
    return { ok: true, value: await fn(req.input) };
  } catch (err) {
    const e = err;
    return {
      ok: false,
      error: {
        name: e?.name ?? "Error",
        code: typeof e?.code === "string" ? e.code : void 0,
        message: e?.message ?? String(err),
        details: e?.details && typeof e.details === "object" ? e.details : void 0
      }
    };
  }
}

export {
  taskTable,
  runTask
};
