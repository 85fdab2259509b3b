#!/usr/bin/env node
import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ApiError,
  ConfigError,
  StoreUnavailableError,
  createEmulator,
  demoKeys,
  generateInstanceId,
  resolveConfig,
  storeUrlProblem,
  writeKeysFile
} from "./chunks/chunk-JETETBP7.js";
import "./chunks/chunk-FJLROTJT.js";
import "./chunks/chunk-UG7P7IQL.js";
import "./chunks/chunk-QDD4B6RQ.js";
import "./chunks/chunk-I4R5KMDQ.js";
import {
  MP3_ENCODERS
} from "./chunks/chunk-TOBIFDEH.js";
import "./chunks/chunk-YQ6GPPXZ.js";
import "./chunks/chunk-5GASQT6B.js";

// src/cli-options.ts
import { parseArgs } from "node:util";
function int(name, value, min, max) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
  return n;
}
function positive(name, value) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${name} must be a positive number (got '${value}')`);
  return n;
}
function mebibytes(name, value) {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 65536) throw new CliError(`${name} must be a number of MiB from 0 to 65536 (got '${value}')`);
  return n;
}
function nonEmpty(name, value) {
  if (value.trim() === "") throw new CliError(`${name} must not be empty`);
  return value;
}
function isoDate(name, value) {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new CliError(`${name} must be an ISO date-time such as 2030-01-01T00:00:00Z (got '${value}')`);
  }
  return value;
}
function oneOf(name, value, allowed) {
  if (!allowed.includes(value)) throw new CliError(`${name} must be one of ${allowed.join(", ")} (got '${value}')`);
  return value;
}
function bool(name, value) {
  if (["1", "true", "yes"].includes(value.toLowerCase())) return true;
  if (["0", "false", "no"].includes(value.toLowerCase())) return false;
  throw new CliError(`${name} must be 1, 0, true or false (got '${value}')`);
}
var LOG_LEVELS = ["silent", "error", "warn", "info", "debug"];
var LOG_FORMATS = ["text", "json"];
var OPTION_SPECS = [
  { flag: "port", env: "SVC_EMULATOR_PORT", kind: "string", help: "port to listen on; 0 picks a free port (default 4747)", apply: (v, o, src) => o.port = int(src, v, 0, 65535) },
  { flag: "host", env: "SVC_EMULATOR_HOST", kind: "string", help: "address to bind (default 127.0.0.1; 0.0.0.0 in Docker)", apply: (v, o, src) => o.host = nonEmpty(src, v) },
  { flag: "seed", env: "SVC_EMULATOR_SEED", kind: "string", help: "seed for keys, ids and generated content (default svc-emulator)", apply: (v, o, src) => o.seed = nonEmpty(src, v) },
  { flag: "config", env: "SVC_EMULATOR_CONFIG", kind: "string", help: 'JSON config file (see README, "Config file")', apply: (v, o, src) => o.config = nonEmpty(src, v) },
  { flag: "admin-token", env: "SVC_EMULATOR_ADMIN_TOKEN", kind: "string", help: "require this token on the admin API (X-Admin-Token)", apply: (v, o, src) => o.adminToken = nonEmpty(src, v) },
  { flag: "log-level", env: "SVC_EMULATOR_LOG_LEVEL", kind: "string", help: "silent, error, warn, info (default) or debug", apply: (v, o, src) => o.logLevel = oneOf(src, v, LOG_LEVELS) },
  { flag: "time-scale", env: "SVC_EMULATOR_TIME_SCALE", kind: "string", help: "real seconds per clock second; 0.01 makes a 30 s wait take 0.3 s (default 1)", apply: (v, o, src) => o.timeScale = positive(src, v) },
  { flag: "webhook-url", env: "SVC_EMULATOR_WEBHOOK_URL", kind: "string", help: "register a webhook endpoint for the demo organization (all events)", apply: (v, o, src) => o.webhookUrl = nonEmpty(src, v) },
  { flag: "clock-start", env: "SVC_EMULATOR_CLOCK_START", kind: "string", help: "start the clock at this ISO date-time (default: the wall clock)", apply: (v, o, src) => o.clockStart = isoDate(src, v) },
  { flag: "journal-limit", env: "SVC_EMULATOR_JOURNAL_LIMIT", kind: "string", help: "request journal entries kept (default 1000)", apply: (v, o, src) => o.journalLimit = int(src, v, 1, 1e6) },
  { flag: "scenario", env: "SVC_EMULATOR_SCENARIO", kind: "string", help: "apply a scenario at start and after every reset: a name, or ./file.json", apply: (v, o, src) => o.scenario = nonEmpty(src, v) },
  { flag: "scenarios-dir", env: "SVC_EMULATOR_SCENARIOS_DIR", kind: "string", help: "a directory of your own scenario files (*.json)", apply: (v, o, src) => o.scenariosDir = nonEmpty(src, v) },
  { flag: "corpus", env: "SVC_EMULATOR_CORPUS", kind: "string", help: "a directory of your documents, indexed as the demo corpus", apply: (v, o, src) => o.corpus = nonEmpty(src, v) },
  { flag: "no-demo-corpus", env: "SVC_EMULATOR_NO_DEMO_CORPUS", kind: "boolean", help: "start the demo organization with no documents", apply: (v, o, src) => o.demoCorpus = !bool(src, v) },
  { flag: "keys-file", env: "SVC_EMULATOR_KEYS_FILE", kind: "string", help: "write the demo org id and keys here at start (dotenv if *.env, else JSON)", apply: (v, o, src) => o.keysFile = nonEmpty(src, v) },
  { flag: "wait-ready", env: "SVC_EMULATOR_WAIT_READY", kind: "boolean", help: "print the readiness line only once boot work (demo corpus) is done", apply: (v, o, src) => o.waitReady = bool(src, v) },
  { flag: "log-format", env: "SVC_EMULATOR_LOG_FORMAT", kind: "string", help: "request log as text (default) or json (one JSON object per line)", apply: (v, o, src) => o.logFormat = oneOf(src, v, LOG_FORMATS) },
  { flag: "journal-max-mb", env: "SVC_EMULATOR_JOURNAL_MAX_MB", kind: "string", help: "journal size bound in MiB of entry JSON (default 64)", apply: (v, o, src) => o.journalMaxMb = positive(src, v) },
  { flag: "workers", env: "SVC_EMULATOR_WORKERS", kind: "string", help: "worker threads for extraction, decoding and encoding; 0 runs them in-process (default: cores)", apply: (v, o, src) => o.workers = int(src, v, 0, 64) },
  { flag: "worker-memory-mb", env: "SVC_EMULATOR_WORKER_MEMORY_MB", kind: "string", help: "heap ceiling of each worker thread in MiB (default 256)", apply: (v, o, src) => o.workerMemoryMb = int(src, v, 32, 16384) },
  { flag: "task-timeout-ms", env: "SVC_EMULATOR_TASK_TIMEOUT_MS", kind: "string", help: "wall-time budget of one heavy task in ms (default 8000)", apply: (v, o, src) => o.taskTimeoutMs = int(src, v, 100, 6e5) },
  {
    flag: "signature-time",
    env: "SVC_EMULATOR_SIGNATURE_TIME",
    kind: "string",
    help: "webhook signature t=: 'wall' clock of the attempt (default) or emulator 'clock' time",
    apply: (v, o, src) => {
      if (v !== "wall" && v !== "clock") throw new CliError(`${src} must be wall or clock (got '${v}')`);
      o.signatureTime = v;
    }
  },
  { flag: "mp3-encoder", env: "SVC_EMULATOR_MP3_ENCODER", kind: "string", help: "MP3 encoder for TTS: wasm (LAME in WebAssembly, default) or lamejs", apply: (v, o, src) => o.mp3Encoder = oneOf(src, v, MP3_ENCODERS) },
  { flag: "tts-cache-mb", env: "SVC_EMULATOR_TTS_CACHE_MB", kind: "string", help: "MiB of encoded TTS clips kept for repeated requests; 0 turns the cache off (default 32)", apply: (v, o, src) => o.ttsCacheMb = mebibytes(src, v) },
  { flag: "proxy-to", env: "SVC_EMULATOR_PROXY_TO", kind: "string", help: "forward /v1 to this gateway base URL (ending in /v1), checking the contract (docs/proxy.md)", apply: (v, o, src) => o.proxyTo = nonEmpty(src, v) },
  { flag: "record", env: "SVC_EMULATOR_RECORD", kind: "string", help: "with --proxy-to: write every exchange to this folder", apply: (v, o, src) => o.record = nonEmpty(src, v) },
  { flag: "replay", env: "SVC_EMULATOR_REPLAY", kind: "string", help: "answer requests that match a recorded exchange in this folder from it", apply: (v, o, src) => o.replay = nonEmpty(src, v) },
  {
    flag: "store",
    env: "SVC_EMULATOR_STORE",
    kind: "string",
    help: "where shared state lives: memory (default) or redis://HOST:PORT/DB for several instances (docs/scaling.md)",
    apply: (v, o, src) => {
      const problem = storeUrlProblem(v);
      if (problem) throw new CliError(`${src} ${problem}`);
      o.store = v;
    }
  },
  { flag: "instance-id", env: "SVC_EMULATOR_INSTANCE_ID", kind: "string", help: "name of this instance in a shared store, up to 64 of A-Z a-z 0-9 . _ - (default: generated)", apply: (v, o, src) => o.instanceId = instanceId(src, v) },
  { flag: "instances", env: "SVC_EMULATOR_INSTANCES", kind: "string", help: "start N processes on one port (needs --store redis://...; default 1)", apply: (v, o, src) => o.instances = int(src, v, 1, 64) }
];
function instanceId(name, value) {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(value)) throw new CliError(`${name} must be 1 to 64 of A-Z a-z 0-9 . _ - (got '${value}')`);
  return value;
}
var CliError = class extends Error {
  name = "CliError";
};
function parseCli(argv, env) {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(OPTION_SPECS.map((s) => [s.flag, { type: s.kind }])),
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" }
      }
    });
  } catch (err) {
    throw new CliError(err.message);
  }
  if (parsed.values.help) return { help: true };
  if (parsed.values.version) return { version: true };
  const options = {};
  for (const spec of OPTION_SPECS) {
    const fromFlag = parsed.values[spec.flag];
    const fromEnv = env[spec.env];
    if (fromFlag !== void 0) spec.apply(String(fromFlag), options, `--${spec.flag}`);
    else if (fromEnv !== void 0 && fromEnv !== "") spec.apply(fromEnv, options, spec.env);
  }
  return { options };
}
function joinNegativeValues(argv) {
  const takesValue = new Set(OPTION_SPECS.filter((s) => s.kind === "string").map((s) => `--${s.flag}`));
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (takesValue.has(argv[i]) && next !== void 0 && /^-\d|^-\.\d/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else {
      out.push(argv[i]);
    }
  }
  return out;
}
function helpText() {
  const rows = OPTION_SPECS.map((s) => `  --${s.flag.padEnd(16)} ${s.help}
  ${" ".repeat(18)} env: ${s.env}`);
  return [
    "svc-emulator \u2014 local emulator of the Speech and Document-Search Gateway API",
    "",
    "Usage: svc-emulator [options]",
    "       svc-emulator drift --recordings DIR [options]   (see svc-emulator drift --help, docs/proxy.md)",
    "",
    "Options:",
    ...rows,
    "  --help, -h         show this help",
    "  --version          print the version",
    "",
    "The base URL is http://HOST:PORT/v1; the admin API is under /_emulator."
  ].join("\n");
}

// src/cluster.ts
import cluster from "node:cluster";
function isClusterWorker() {
  return cluster.isWorker;
}
function tellPrimary(message) {
  process.send?.(message);
}
function workerArgs(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--instances" || arg === "--instance-id") i++;
    else if (!arg.startsWith("--instances=") && !arg.startsWith("--instance-id=")) out.push(arg);
  }
  return out;
}
async function runPrimary(argv, opts) {
  const base = opts.instanceId ?? generateInstanceId();
  cluster.setupPrimary({ args: workerArgs(argv) });
  const ready = /* @__PURE__ */ new Map();
  let stopping = false;
  let announced = false;
  let failed;
  const failure = new Promise((resolve) => failed = resolve);
  const fork = (n) => {
    const worker = cluster.fork({ SVC_EMULATOR_INSTANCE_ID: `${base}-${n}`, SVC_EMULATOR_INSTANCES: "1" });
    worker.on("message", (message) => {
      if (message?.type !== "svc-emulator:ready") return;
      ready.set(n, message);
      if (!announced && ready.size === opts.instances) {
        announced = true;
        const first = ready.get(1);
        console.log(
          `svc-emulator ready at ${first.baseUrl} (admin ${first.adminUrl}) store ${first.store} instances ${opts.instances}`
        );
        for (const line of first.banner) console.log(line);
      }
    });
    worker.once("exit", (code2, signal) => {
      ready.delete(n);
      if (stopping) return;
      if (!announced) {
        failed?.(code2 ?? 1);
        return;
      }
      console.error(`svc-emulator: instance ${base}-${n} exited (${signal ?? code2}); starting it again`);
      fork(n);
    });
    return worker;
  };
  for (let n = 1; n <= opts.instances; n++) fork(n);
  const signalled = new Promise((resolve) => {
    const stop = (signal) => {
      console.log(`svc-emulator: ${signal} received, stopping ${opts.instances} instances`);
      resolve(0);
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
  const code = await Promise.race([signalled, failure]);
  stopping = true;
  await Promise.all(
    Object.values(cluster.workers ?? {}).map(
      (worker) => new Promise((resolve) => {
        if (!worker || worker.isDead()) return resolve();
        worker.once("exit", () => resolve());
        worker.process.kill("SIGTERM");
      })
    )
  );
  return code;
}

// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren\u2019t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// src/client/admin-client.ts
var AdminApiError = class extends Error {
  name = "AdminApiError";
  status;
  /** The problem's `code` (`not_found`, `admin_unauthorized`, `validation_failed`...). */
  code;
  detail;
  requestId;
  /** The parsed problem, or undefined when the body was not one. */
  problem;
  /** The raw body when it was not a problem. */
  body;
  constructor(method, url, status, body) {
    const problem = isProblem(body) ? body : void 0;
    const what = problem ? `${problem.code}${problem.detail ? `: ${problem.detail}` : ""}` : truncate(body);
    super(`${method} ${url} answered ${status} ${what}`);
    this.status = status;
    this.problem = problem;
    this.code = problem?.code;
    this.detail = problem?.detail;
    this.requestId = problem?.request_id;
    this.body = body;
  }
};
var AdminWaitTimeoutError = class extends Error {
  name = "AdminWaitTimeoutError";
};
function isProblem(body) {
  return typeof body === "object" && body !== null && typeof body.code === "string" && typeof body.status === "number";
}
function truncate(body) {
  const text = typeof body === "string" ? body : JSON.stringify(body) ?? "";
  return text.length > 300 ? `${text.slice(0, 300)}\u2026` : text;
}
async function unwrap(pending) {
  const { data, error, response } = await pending;
  if (!response.ok) {
    const sent = sentRequests.get(response);
    const url = new URL(sent?.url ?? (response.url || "http://unknown/"));
    throw new AdminApiError(sent?.method ?? "request to", url.pathname + url.search, response.status, error);
  }
  return data;
}
var sentRequests = /* @__PURE__ */ new WeakMap();
var WAIT_SLICE_SECONDS = 60;
var AdminClient = class {
  /** The underlying openapi-fetch client, typed from the document, for anything the names below do not cover. */
  raw;
  constructor(options) {
    const headers = { ...options.headers };
    if (options.adminToken) headers["X-Admin-Token"] = options.adminToken;
    this.raw = createClient({ baseUrl: options.adminUrl, headers, fetch: options.fetch });
    this.raw.use({
      onResponse({ request, response }) {
        sentRequests.set(response, request);
      }
    });
  }
  /** `GET /health` (open even with an admin token). */
  health() {
    return unwrap(this.raw.GET("/health"));
  }
  /** `GET /demo`: the demo organization id, URLs and full keys. */
  demo() {
    return unwrap(this.raw.GET("/demo"));
  }
  /**
   * `POST /reset`: back to the boot state (same demo keys), the clock included; `{ keep_clock: true }` keeps
   * the clock's mode, scale and time. Ids keep counting: none repeats within the process.
   */
  reset(options = {}) {
    return unwrap(this.raw.POST("/reset", { body: options }));
  }
  /** The contract documents served by the emulator. */
  openapi = {
    /** `GET /openapi.json`: the /v1 document. */
    gateway: () => unwrap(this.raw.GET("/openapi.json")),
    /** `GET /openapi/admin.json`: the admin document. */
    admin: () => unwrap(this.raw.GET("/openapi/admin.json"))
  };
  orgs = {
    create: (body = {}) => unwrap(this.raw.POST("/orgs", { body })),
    list: () => unwrap(this.raw.GET("/orgs")),
    get: (orgId) => unwrap(this.raw.GET("/orgs/{id}", { params: { path: { id: orgId } } })),
    update: (orgId, body) => unwrap(this.raw.PATCH("/orgs/{id}", { params: { path: { id: orgId } }, body }))
  };
  keys = {
    /** The answer's `key` is the full secret, shown this once. */
    create: (orgId, body) => unwrap(this.raw.POST("/orgs/{id}/keys", { params: { path: { id: orgId } }, body })),
    list: (orgId) => unwrap(this.raw.GET("/orgs/{id}/keys", { params: { path: { id: orgId } } })),
    revoke: (keyId) => unwrap(this.raw.DELETE("/keys/{keyId}", { params: { path: { keyId } } })),
    /** Revokes at once, closes the key's streams and emits `key.compromised`. */
    leak: (keyId) => unwrap(this.raw.POST("/keys/{keyId}/leak", { params: { path: { keyId } } })),
    setRateLimit: (keyId, rule) => unwrap(this.raw.PUT("/keys/{keyId}/rate-limit", { params: { path: { keyId } }, body: rule })),
    clearRateLimit: (keyId) => unwrap(this.raw.DELETE("/keys/{keyId}/rate-limit", { params: { path: { keyId } } }))
  };
  /** The request journal. */
  requests = {
    list: (filter = {}) => unwrap(this.raw.GET("/requests", { params: { query: filter } })),
    clear: () => unwrap(this.raw.DELETE("/requests")),
    /** One entry in full, by its `request_id` (the `X-Request-Id` response header). */
    get: (id) => unwrap(this.raw.GET("/requests/{id}", { params: { path: { id } } })),
    /** The audio a TTS entry was answered with (MP3 or WAV bytes), rendered again and not billed. */
    audio: (id) => unwrap(this.raw.GET("/requests/{id}/audio", { params: { path: { id } }, parseAs: "arrayBuffer" })),
    /**
     * Resolves with the oldest journal entry matching `filter`, long-polling `GET /requests?wait=` until one
     * is recorded (an entry is recorded when its request has been answered). Entries already in the journal
     * count: to wait only for new ones, pass `after` (a `request_id`), a `scope`, or clear the journal first.
     * Throws `AdminWaitTimeoutError` when nothing matches within `timeoutSeconds`.
     */
    waitFor: async (filter = {}, options = {}) => {
      const found = await this.longPoll(options, async (wait, signal) => {
        const body = await unwrap(
          this.raw.GET("/requests", { params: { query: { ...filter, wait } }, signal })
        );
        return body.requests[0];
      });
      if (found) return found;
      const recent = await this.requests.list({ limit: 3 }).catch(() => void 0);
      const seen = recent?.requests.map((e) => `${e.method} ${e.path} ${e.status ?? "-"}`).join("; ");
      throw new AdminWaitTimeoutError(
        `requests.waitFor: no request matching ${JSON.stringify(filter)} was recorded within ${timeoutOf(options)} s` + (seen ? ` (the newest entries: ${seen})` : " (the journal is empty)")
      );
    }
  };
  clock = {
    get: () => unwrap(this.raw.GET("/clock")),
    /** Mode, time (`now`) or scale; moving time forward fires what became due, like `advance`. */
    set: (update) => unwrap(this.raw.POST("/clock", { body: update })),
    freeze: () => unwrap(this.raw.POST("/clock", { body: { mode: "frozen" } })),
    /** Moves the clock forward, firing every timer that becomes due, in order. */
    advance: (seconds) => unwrap(this.raw.POST("/clock/advance", { body: { seconds } }))
  };
  /** `GET /orgs/{id}/usage`: ledger entries (newest first), totals and the balance. */
  usage(orgId, filter = {}) {
    return unwrap(this.raw.GET("/orgs/{id}/usage", { params: { path: { id: orgId }, query: filter } }));
  }
  billing = {
    get: (orgId) => unwrap(this.raw.GET("/orgs/{id}/billing", { params: { path: { id: orgId } } })),
    update: (orgId, body) => unwrap(this.raw.PATCH("/orgs/{id}/billing", { params: { path: { id: orgId } }, body })),
    /** Closes the period into an invoice and emits `invoice.finalized`. */
    closePeriod: (orgId) => unwrap(this.raw.POST("/orgs/{id}/billing/close-period", { params: { path: { id: orgId } } })),
    invoices: (orgId) => unwrap(this.raw.GET("/orgs/{id}/invoices", { params: { path: { id: orgId } } }))
  };
  prices = {
    get: () => unwrap(this.raw.GET("/prices")),
    update: (body) => unwrap(this.raw.PATCH("/prices", { body }))
  };
  rateLimits = {
    get: () => unwrap(this.raw.GET("/rate-limits")),
    update: (body) => unwrap(this.raw.PATCH("/rate-limits", { body }))
  };
  webhooks = {
    endpoints: {
      /** The answer carries the signing `secret`; a `ping` follows when the endpoint subscribes to it. */
      create: (orgId, input) => unwrap(
        this.raw.POST("/orgs/{id}/webhook-endpoints", { params: { path: { id: orgId } }, body: input })
      ),
      list: (orgId) => unwrap(this.raw.GET("/orgs/{id}/webhook-endpoints", { params: { path: { id: orgId } } })),
      delete: (orgId, endpointId) => unwrap(
        this.raw.DELETE("/orgs/{id}/webhook-endpoints/{endpointId}", {
          params: { path: { id: orgId, endpointId } }
        })
      )
    },
    /** Deliveries with every attempt, newest first. */
    deliveries: (filter = {}) => unwrap(this.raw.GET("/webhooks/deliveries", { params: { query: filter } })),
    delivery: (deliveryId) => unwrap(this.raw.GET("/webhooks/deliveries/{deliveryId}", { params: { path: { deliveryId } } })),
    redeliver: (deliveryId) => unwrap(
      this.raw.POST("/webhooks/deliveries/{deliveryId}/redeliver", { params: { path: { deliveryId } } })
    ),
    /** Emits any event kind for an organization, like `stripe trigger`. */
    trigger: (input) => unwrap(this.raw.POST("/webhooks/trigger", { body: input })),
    /**
     * Resolves with the newest delivery matching `filter` (with `status`, once it reaches that status; with
     * `min_attempts`, once it has that many attempts), long-polling `GET /webhooks/deliveries?wait=`.
     * Throws `AdminWaitTimeoutError` when nothing matches within `timeoutSeconds`.
     */
    waitFor: async (filter = {}, options = {}) => {
      const found = await this.longPoll(options, async (wait, signal) => {
        const body = await unwrap(
          this.raw.GET("/webhooks/deliveries", { params: { query: { ...filter, wait } }, signal })
        );
        return body.deliveries[0];
      });
      if (found) return found;
      const recent = await this.webhooks.deliveries({ limit: 3 }).catch(() => void 0);
      const seen = recent?.deliveries.map((d) => `${d.event} to ${d.url} ${d.status} (${d.attempts.length} attempts)`).join("; ");
      throw new AdminWaitTimeoutError(
        `webhooks.waitFor: no delivery matching ${JSON.stringify(filter)} within ${timeoutOf(options)} s` + (seen ? ` (the newest deliveries: ${seen})` : " (there are no deliveries)")
      );
    }
  };
  faults = {
    /** Adds a rule; the answer carries its `id` and `explanation`. */
    add: (rule) => unwrap(this.raw.POST("/faults", { body: rule })),
    list: () => unwrap(this.raw.GET("/faults")),
    get: (faultId) => unwrap(this.raw.GET("/faults/{faultId}", { params: { path: { faultId } } })),
    remove: (faultId) => unwrap(this.raw.DELETE("/faults/{faultId}", { params: { path: { faultId } } })),
    clear: () => unwrap(this.raw.DELETE("/faults"))
  };
  scenarios = {
    list: () => unwrap(this.raw.GET("/scenarios")),
    /** Registers (or replaces) a scenario until the next reset. */
    create: (scenario) => unwrap(this.raw.POST("/scenarios", { body: scenario })),
    /** Runs the scenario's steps in order; `reset()` undoes it. */
    apply: (name) => unwrap(this.raw.POST("/scenarios/{name}", { params: { path: { name } } }))
  };
  /** The drift report of a recordings folder (docs/proxy.md), read on the emulator's machine. */
  drift = {
    json: (body) => unwrap(this.raw.POST("/drift", { body })),
    /** The same report as JUnit XML (each exchange a test case). */
    junit: (body) => unwrap(this.raw.POST("/drift", { body, params: { query: { format: "junit" } }, parseAs: "text" }))
  };
  /** The client report: did the client honour Retry-After, back off, verify signatures... */
  report = {
    json: (filter = {}) => unwrap(this.raw.GET("/report", { params: { query: filter } })),
    /** The same report as JUnit XML, for CI test reporters. */
    junit: (filter = {}) => unwrap(this.raw.GET("/report", { params: { query: { ...filter, format: "junit" } }, parseAs: "text" }))
  };
  /** The dashboard's files, as text (open `${adminUrl}/ui` in a browser to use it). */
  ui = {
    page: () => unwrap(this.raw.GET("/ui", { parseAs: "text" })),
    asset: (asset) => unwrap(this.raw.GET("/ui/{asset}", { params: { path: { asset } }, parseAs: "text" }))
  };
  voices = {
    /** The TTS voice catalogue (the values `voice` accepts). */
    list: () => unwrap(this.raw.GET("/voices"))
  };
  /** The TTS clip cache (`--tts-cache-mb`): its counters, and a way to empty it. */
  ttsCache = {
    stats: () => unwrap(this.raw.GET("/tts/cache")),
    clear: () => unwrap(this.raw.DELETE("/tts/cache"))
  };
  stt = {
    scripts: {
      /** Registers a scripted transcript (exactly one of `sha256`, `file_name`, `queue`). */
      create: (input) => unwrap(this.raw.POST("/stt/scripts", { body: input })),
      list: (filter = {}) => unwrap(this.raw.GET("/stt/scripts", { params: { query: filter } })),
      clear: (filter = {}) => unwrap(this.raw.DELETE("/stt/scripts", { params: { query: filter } })),
      delete: (scriptId) => unwrap(this.raw.DELETE("/stt/scripts/{scriptId}", { params: { path: { scriptId } } }))
    },
    jobs: (filter = {}) => unwrap(this.raw.GET("/stt/jobs", { params: { query: filter } }))
  };
  rag = {
    /** The organization's RAG tenant: state, next transition, durations, contents. */
    tenant: (orgId) => unwrap(this.raw.GET("/orgs/{id}/rag", { params: { path: { id: orgId } } })),
    /** Forces a tenant state, sets durations, or makes the next N indexing jobs fail. */
    updateTenant: (orgId, body) => unwrap(this.raw.PUT("/orgs/{id}/rag", { params: { path: { id: orgId } }, body })),
    searches: (orgId) => unwrap(this.raw.GET("/orgs/{id}/rag/searches", { params: { path: { id: orgId } } }))
  };
  /** Repeats a long-poll in slices of at most 60 s until it finds something or the time is up. */
  async longPoll(options, poll) {
    const deadline = Date.now() + timeoutOf(options) * 1e3;
    for (; ; ) {
      const remaining = Math.max(0, (deadline - Date.now()) / 1e3);
      const found = await poll(Math.min(remaining, WAIT_SLICE_SECONDS), options.signal);
      if (found !== void 0 || remaining === 0 || Date.now() >= deadline) return found;
    }
  }
};
function timeoutOf(options) {
  return options.timeoutSeconds ?? 10;
}
function createAdminClient(options) {
  return new AdminClient(options);
}

// src/library.ts
async function startEmulator(options = {}, overrides = {}) {
  const emulator = await createEmulator(options, overrides);
  let listening;
  try {
    listening = await emulator.listen();
  } catch (err) {
    await emulator.close();
    throw err;
  }
  let admin;
  return {
    baseUrl: listening.baseUrl,
    adminUrl: listening.adminUrl,
    port: listening.port,
    orgId: emulator.demo.orgId,
    keys: emulator.demo.keys,
    emulator,
    // Created on first use: the client brings in fetch (undici), which the CLI never needs.
    get admin() {
      return admin ??= createAdminClient({ adminUrl: listening.adminUrl, adminToken: emulator.config.adminToken ?? void 0 });
    },
    close: () => emulator.close()
  };
}

// src/cli.ts
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code !== "EPIPE") throw err;
  });
}
function listenError(err, host, port) {
  if (err?.code === "EADDRINUSE") return `port ${port} is already in use; choose another with --port (0 picks a free one)`;
  if (["EADDRNOTAVAIL", "EACCES", "ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EINVAL"].includes(err?.code)) {
    return `cannot listen on ${host}:${port}: ${err.code === "ENOTFOUND" || err.code === "EAI_AGAIN" ? "no such host or address" : err.code} (check --host / SVC_EMULATOR_HOST)`;
  }
  return void 0;
}
async function serve(argv) {
  let parsed;
  try {
    parsed = parseCli(argv, process.env);
  } catch (err) {
    if (err instanceof CliError) {
      console.error(`svc-emulator: ${err.message}
Run svc-emulator --help for the options.`);
      return 2;
    }
    throw err;
  }
  if ("help" in parsed && parsed.help) {
    console.log(helpText());
    return 0;
  }
  if ("version" in parsed && parsed.version) {
    console.log("svc-emulator 0.1.0");
    return 0;
  }
  const options = parsed.options;
  let config;
  try {
    config = resolveConfig(options);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`svc-emulator: ${err.message}`);
    return 2;
  }
  if (config.instances > 1) {
    if (config.store === "memory") {
      console.error(
        `svc-emulator: --instances ${config.instances} needs a shared store: the memory store lives inside one process, so ${config.instances} processes would not agree on keys, tokens or rate limits. Add --store redis://HOST:PORT/DB (docs/scaling.md), or run one instance.`
      );
      return 2;
    }
    if (!isClusterWorker()) return runPrimary(argv, { instances: config.instances, instanceId: config.instanceId });
  }
  let announced = false;
  const pending = [];
  const logSink = (line) => {
    if (announced) process.stdout.write(`${line}
`);
    else if (pending.length < 1e3) pending.push(line);
  };
  let running;
  try {
    running = await startEmulator(options, { logSink });
  } catch (err) {
    if (err instanceof StoreUnavailableError) {
      console.error(`svc-emulator: ${err.message}; start Redis or fix --store / SVC_EMULATOR_STORE`);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof ApiError) {
      console.error(`svc-emulator: ${err.message}`);
      return 2;
    }
    const message = listenError(err, options?.host ?? "127.0.0.1", options?.port ?? 4747);
    if (message) {
      console.error(`svc-emulator: ${message}`);
      return err?.code === "EADDRINUSE" ? 1 : 2;
    }
    throw err;
  }
  const { emulator } = running;
  const host = emulator.config.host;
  if (!emulator.config.adminToken && !["127.0.0.1", "localhost", "::1"].includes(host)) {
    console.warn(`svc-emulator: warning: listening on ${host} without --admin-token; anyone who can reach this address can control the emulator`);
  }
  const stopped = new Promise((resolve) => {
    const stop = (signal) => {
      if (emulator.config.logLevel !== "silent") console.log(`svc-emulator: ${signal} received, shutting down`);
      resolve();
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
  if (emulator.config.keysFile) {
    try {
      writeKeysFile(emulator.config.keysFile, demoKeys(emulator));
    } catch (err) {
      console.error(`svc-emulator: cannot write --keys-file ${emulator.config.keysFile}: ${err.message}`);
      await running.close();
      return 2;
    }
  }
  if (emulator.config.waitReady) {
    await Promise.race([emulator.ready(), stopped]);
    const failed = Object.entries(emulator.bootState()).filter(([, state]) => state === "failed");
    if (failed.length > 0) {
      console.error(`svc-emulator: boot work failed: ${failed.map(([name]) => name).join(", ")} (see the message above)`);
      await running.close();
      return 1;
    }
  }
  const banner = [`demo organization: ${running.orgId}`, `demo live key: ${running.keys.live}`, `demo test key: ${running.keys.test}`];
  const endpoint = emulator.demo.webhookEndpoint;
  if (endpoint) banner.push(`webhook endpoint: ${endpoint.id} secret: ${endpoint.secret}`);
  const store = emulator.store;
  if (isClusterWorker()) {
    tellPrimary({ type: "svc-emulator:ready", instanceId: store.instanceId, baseUrl: running.baseUrl, adminUrl: running.adminUrl, store: store.description, banner });
  } else {
    const where = store.shared ? ` store ${store.description} instance ${store.instanceId}` : "";
    console.log(`svc-emulator ready at ${running.baseUrl} (admin ${running.adminUrl})${where}`);
    for (const line of banner) console.log(line);
  }
  announced = true;
  for (const line of pending.splice(0)) process.stdout.write(`${line}
`);
  await stopped;
  await running.close();
  return 0;
}
var SUBCOMMANDS = {
  drift: async (argv) => {
    const { driftCommand } = await import("./chunks/drift-cli-LXJIKZWN.js");
    return driftCommand(argv, process.env);
  }
};
async function main(argv) {
  const sub = argv[0] !== void 0 ? SUBCOMMANDS[argv[0]] : void 0;
  return sub ? sub(argv.slice(1)) : serve(argv);
}
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error("svc-emulator: fatal error:", err);
    process.exit(1);
  }
);
