/**
 * docs/proxy.md's recipe, run as written with bash, a second emulator standing in for the real gateway, so
 * the recipe cannot rot. It runs in a scratch folder where `dist` is the build of this checkout.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/app/library.js';
import { freePort } from '../support/free-port.js';

const ROOT = join(import.meta.dirname, '..', '..');
let gateway: RunningEmulator;
let dir: string;

beforeAll(async () => {
  gateway = await startEmulator({ port: 0, seed: 'docs-gateway', logLevel: 'silent' });
  dir = mkdtempSync(join(tmpdir(), 'svc-recipe-'));
  symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
});
afterAll(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

it('the recipe records the gateway, finds no violation, and the drift report passes', async () => {
  const doc = readFileSync(join(ROOT, 'docs', 'proxy.md'), 'utf8');
  const script = /## Recipe[^]*?```sh\n([^]*?)```/.exec(doc)![1];
  const child = spawn('bash', ['-e', '-c', script], {
    cwd: dir,
    env: {
      ...process.env,
      GATEWAY_URL: gateway.baseUrl,
      KEY: gateway.keys.test,
      PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
  expect(readdirSync(join(dir, 'recordings')).filter((f) => f.endsWith('.json'))).toHaveLength(2);
  expect(JSON.parse(readFileSync(join(dir, 'violations.json'), 'utf8'))).toEqual([]);
  expect(readFileSync(join(dir, 'contract-report.xml'), 'utf8')).toContain(
    'Proxied traffic follows the contract',
  );
  expect(readFileSync(join(dir, 'drift-report.xml'), 'utf8')).toMatch(/tests="2" failures="0" errors="0"/);
  expect(existsSync(join(dir, 'hello.audio'))).toBe(true);
  expect(output).toMatch(/2 exchange\(s\): 2 passed/);
}, 120_000);
