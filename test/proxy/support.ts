/**
 * Proxy tests run two real emulators on 127.0.0.1, port 0: an upstream standing in for the real gateway
 * (made to differ with faults or a test-only handler), and the emulator under test in front of it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/library.js';
import type { EmulatorOptions } from '../../src/config.js';

export interface Pair {
  upstream: RunningEmulator;
  proxy: RunningEmulator;
  dir: string;
  close(): Promise<void>;
}

export async function startPair(options: EmulatorOptions = {}, upstreamOptions: EmulatorOptions = {}): Promise<Pair> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-proxy-'));
  const upstream = await startEmulator({ port: 0, seed: 'proxy-upstream', logLevel: 'silent', ...upstreamOptions });
  const proxy = await startEmulator({ port: 0, seed: 'proxy-front', logLevel: 'silent', proxyTo: upstream.baseUrl, record: dir, ...options });
  return {
    upstream,
    proxy,
    dir,
    async close() {
      await proxy.close();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file of a folder, with its text. */
export function filesOf(dir: string): { name: string; text: string }[] {
  return readdirSync(dir).map((name) => ({ name, text: readFileSync(join(dir, name), 'latin1') }));
}

export function exchangesOf(dir: string): any[] {
  return readdirSync(dir)
    .filter((f) => /^\d{6}-.*\.json$/.test(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
}

export const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
export const json = (key: string) => ({ ...auth(key), 'Content-Type': 'application/json' });
