#!/usr/bin/env node
import { CliError, helpText, parseCli } from './cli-options.js';
import { ConfigError } from './config.js';
import { ApiError } from './http/errors.js';
import { startEmulator } from './library.js';

async function main(): Promise<number> {
  if (process.argv[2] === 'drift') {
    const { driftCommand } = await import('./proxy/drift-cli.js');
    return driftCommand(process.argv.slice(3), process.env);
  }
  let parsed;
  try {
    parsed = parseCli(process.argv.slice(2), process.env);
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
    console.log('svc-emulator 0.1.0');
    return 0;
  }
  const options = (parsed as { options: Parameters<typeof startEmulator>[0] }).options;
  let running;
  try {
    running = await startEmulator(options);
  } catch (err: any) {
    if (err instanceof ConfigError || err instanceof ApiError) {
      console.error(`svc-emulator: ${err.message}`);
      return 2;
    }
    if (err?.code === 'EADDRINUSE') {
      console.error(`svc-emulator: port ${options?.port ?? 4747} is already in use; choose another with --port (0 picks a free one)`);
      return 1;
    }
    if (err?.code === 'EADDRNOTAVAIL' || err?.code === 'EACCES') {
      console.error(`svc-emulator: cannot listen on ${options?.host ?? '127.0.0.1'}:${options?.port ?? 4747}: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const { emulator } = running;
  const host = emulator.config.host;
  if (!emulator.config.adminToken && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    console.warn(`svc-emulator: warning: listening on ${host} without --admin-token; anyone who can reach this address can control the emulator`);
  }
  // Signals are handled before readiness is announced: a supervisor may stop us as soon as it reads it.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      if (emulator.config.logLevel !== 'silent') console.log(`svc-emulator: ${signal} received, shutting down`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  // The readiness line: one line, with the real base URL, once listening.
  console.log(`svc-emulator ready at ${running.baseUrl} (admin ${running.adminUrl})`);
  console.log(`demo organization: ${running.orgId}`);
  console.log(`demo live key: ${running.keys.live}`);
  console.log(`demo test key: ${running.keys.test}`);

  await stopped;
  await running.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('svc-emulator: fatal error:', err);
    process.exit(1);
  },
);
