/**
 * Container health check without curl: asks `GET /_emulator/health?ready=1` on the address the CLI would
 * listen on, read the same way (flags, SVC_EMULATOR_* variables, then the --config file). Healthy (exit 0)
 * once the emulator is ready, including its demo corpus; exit 1 otherwise.
 *   node dist/healthcheck.js [the CLI's options]
 * Without options, in a container whose main process is the CLI (`docker run IMAGE --port 5000`), it reads
 * that process's options from /proc/1/cmdline, so arguments given to the container are followed too.
 */
import { readFileSync } from 'node:fs';
import { parseCli } from './cli-options.js';
import { resolveConfig } from './config.js';

function healthUrl(argv: string[], env: NodeJS.ProcessEnv): string {
  const parsed = parseCli(argv, env);
  const config = resolveConfig('options' in parsed ? parsed.options : {});
  // A wildcard bind address is reached through loopback.
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/_emulator/health?ready=1`;
}

function cliArguments(): string[] {
  if (process.argv.length > 2) return process.argv.slice(2);
  try {
    const argv = readFileSync('/proc/1/cmdline', 'utf8').split('\0').filter(Boolean);
    const at = argv.findIndex((a) => a.endsWith('dist/cli.js'));
    return at >= 0 ? argv.slice(at + 1) : [];
  } catch {
    return [];
  }
}

async function check(): Promise<number> {
  try {
    const res = await fetch(healthUrl(cliArguments(), process.env), { signal: AbortSignal.timeout(3000) });
    return res.ok ? 0 : 1;
  } catch (err) {
    console.error(`healthcheck: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await check();
