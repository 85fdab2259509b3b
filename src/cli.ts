#!/usr/bin/env node
import { CliError, helpText, parseCli } from './app/cli-options.js';
import { isClusterWorker, runPrimary, tellPrimary } from './app/cluster.js';
import { ConfigError, resolveConfig } from './app/config.js';
import { unsupportedNode, VERSION } from './core/runtime.js';
import { ApiError } from './core/errors.js';
import { startEmulator } from './app/library.js';
import { demoKeys, writeKeysFile } from './app/readiness.js';
import { StoreUnavailableError } from './store/index.js';
import { StateFileError } from './persist/state-file.js';

// `svc-emulator | head -1` closes our stdout early: the emulator keeps serving, and lines to a closed pipe
// are dropped instead of crashing the process with EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

/** Errors from listen() that are the user's input, answered in one line (no stack trace). */
function listenError(err: any, host: string, port: number): string | undefined {
  if (err?.code === 'EADDRINUSE')
    return `port ${port} is already in use; choose another with --port (0 picks a free one)`;
  if (['EADDRNOTAVAIL', 'EACCES', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EINVAL'].includes(err?.code)) {
    return `cannot listen on ${host}:${port}: ${err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' ? 'no such host or address' : err.code} (check --host / SVC_EMULATOR_HOST)`;
  }
  return undefined;
}

async function serve(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCli(argv, process.env);
  } catch (err) {
    if (err instanceof CliError) {
      console.error(`svc-emulator: ${err.message}\nRun svc-emulator --help for the options.`);
      return 2;
    }
    throw err;
  }
  if ('help' in parsed && parsed.help) {
    console.log(helpText());
    return 0;
  }
  if ('version' in parsed && parsed.version) {
    console.log(`svc-emulator ${VERSION}`);
    return 0;
  }
  const options = (parsed as { options: Parameters<typeof startEmulator>[0] }).options;
  let config;
  try {
    config = resolveConfig(options);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`svc-emulator: ${err.message}`);
    return 2;
  }
  if (config.instances > 1) {
    if (config.store === 'memory') {
      console.error(
        `svc-emulator: --instances ${config.instances} needs a shared store: the memory store lives inside one process, so ${config.instances} processes would not agree on keys, tokens or rate limits. Add --store redis://HOST:PORT/DB (docs/scaling.md), or run one instance.`,
      );
      return 2;
    }
    if (!isClusterWorker())
      return runPrimary(argv, { instances: config.instances, instanceId: config.instanceId });
  }
  // Request log lines wait until the readiness line and the banner are out: the readiness line stays first.
  let announced = false;
  const pending: string[] = [];
  const logSink = (line: string) => {
    if (announced) process.stdout.write(`${line}\n`);
    else if (pending.length < 1000) pending.push(line);
  };
  let running;
  try {
    running = await startEmulator(options, { logSink });
  } catch (err: any) {
    if (err instanceof StoreUnavailableError) {
      console.error(`svc-emulator: ${err.message}; start Redis or fix --store / SVC_EMULATOR_STORE`);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof ApiError || err instanceof StateFileError) {
      console.error(`svc-emulator: ${err.message}`);
      return 2;
    }
    const message = listenError(err, options?.host ?? '127.0.0.1', options?.port ?? 4747);
    if (message) {
      console.error(`svc-emulator: ${message}`);
      return err?.code === 'EADDRINUSE' ? 1 : 2;
    }
    throw err;
  }
  const { emulator } = running;
  const host = emulator.config.host;
  if (!emulator.config.adminToken && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    console.warn(
      `svc-emulator: warning: listening on ${host} without --admin-token; anyone who can reach this address can control the emulator`,
    );
  }
  // Signals are handled before readiness is announced: a supervisor may stop us as soon as it reads it.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      if (emulator.config.logLevel !== 'silent')
        console.log(`svc-emulator: ${signal} received, shutting down`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  if (emulator.config.keysFile) {
    try {
      writeKeysFile(emulator.config.keysFile, demoKeys(emulator.demo, emulator.urls));
    } catch (err) {
      console.error(
        `svc-emulator: cannot write --keys-file ${emulator.config.keysFile}: ${(err as Error).message}`,
      );
      await running.close();
      return 2;
    }
  }
  if (emulator.config.waitReady) {
    await Promise.race([emulator.ready(), stopped]);
    const failed = Object.entries(emulator.bootState()).filter(([, state]) => state === 'failed');
    if (failed.length > 0) {
      console.error(
        `svc-emulator: boot work failed: ${failed.map(([name]) => name).join(', ')} (see the message above)`,
      );
      await running.close();
      return 1;
    }
  }
  const banner = [
    // First, so a script can read it right after the readiness line.
    ...(running.caFile
      ? [`tls CA file: ${running.caFile} (trust it: NODE_EXTRA_CA_CERTS or curl --cacert)`]
      : []),
    `demo organization: ${running.orgId}`,
    `demo live key: ${running.keys.live}`,
    `demo test key: ${running.keys.test}`,
  ];
  const endpoint = emulator.demo.webhookEndpoint;
  if (endpoint) banner.push(`webhook endpoint: ${endpoint.id} secret: ${endpoint.secret}`);
  const store = emulator.store;
  if (isClusterWorker()) {
    // Under --instances the primary prints one readiness line for all the workers.
    tellPrimary({
      type: 'svc-emulator:ready',
      instanceId: store.instanceId,
      baseUrl: running.baseUrl,
      adminUrl: running.adminUrl,
      store: store.description,
      banner,
    });
  } else {
    // The readiness line: one line, with the real base URL, once listening (and ready with --wait-ready). A
    // shared store is named on it; the default memory store leaves the line as it always was.
    const where = store.shared ? ` store ${store.description} instance ${store.instanceId}` : '';
    console.log(`svc-emulator ready at ${running.baseUrl} (admin ${running.adminUrl})${where}`);
    for (const line of banner) console.log(line);
  }
  announced = true;
  for (const line of pending.splice(0)) process.stdout.write(`${line}\n`);

  await stopped;
  try {
    await running.close();
  } catch (err) {
    // --persist could not write the state at shutdown: the emulator stopped, the exit status says so.
    if (!(err instanceof StateFileError)) throw err;
    console.error(`svc-emulator: ${err.message}`);
    return 1;
  }
  return 0;
}

/** Subcommands by name (the first argument); anything else is the server's options. */
const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  drift: async (argv) => {
    const { driftCommand } = await import('./app/drift-cli.js');
    return driftCommand(argv, process.env);
  },
  state: async (argv) => {
    const { stateCommand } = await import('./persist/state-cli.js');
    return stateCommand(argv, process.env);
  },
};

async function main(argv: string[]): Promise<number> {
  // Before anything else: a Node.js line past its end of life is refused with one line naming the supported
  // lines (exit code 1); `--version` and `--help` still answer.
  const unsupported = unsupportedNode();
  if (unsupported && !argv.some((a) => a === '--version' || a === '--help' || a === '-h')) {
    console.error(unsupported);
    return 1;
  }
  const sub = argv[0] !== undefined ? SUBCOMMANDS[argv[0]] : undefined;
  return sub ? sub(argv.slice(1)) : serve(argv);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('svc-emulator: fatal error:', err);
    process.exit(1);
  },
);
