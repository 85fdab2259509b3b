import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, runCli } from '../support/cli.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function profileFile(profile: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'latency-cli-')), 'profile.json');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

afterEach(killAll);

describe('--latency-profile', () => {
  it('refuses a bad profile file with exit 2 and a message naming the JSON path', async () => {
    const file = profileFile({ operations: { 'rag.search:answer': { median_ms: 5, p90_ms: 9 } } });
    const run = runCli(['--port', '0', '--latency-profile', file]);
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toMatch(
      /^svc-emulator: latency profile .*profile\.json: operations\.rag\.search:answer\.max_ms is required/,
    );
  });

  it('reads SVC_EMULATOR_LATENCY_PROFILE, and refuses a missing file', async () => {
    const run = runCli(['--port', '0'], { SVC_EMULATOR_LATENCY_PROFILE: '/nonexistent/profile.json' });
    expect((await run.exited).code).toBe(2);
    expect(run.stderr.join('\n')).toMatch(
      /--latency-profile must be instant, realistic or a readable JSON file/,
    );
  });

  it('a client that leaves during the delay leaves no timer: the process ends by itself once closed', async () => {
    // 60 s on every ws-token: a timer left behind would keep the child alive that long.
    const file = profileFile({
      operations: { 'auth.createWsToken': { median_ms: 60000, p90_ms: 60000, max_ms: 60000 } },
    });
    const script = `
      import { request } from 'node:http';
      import { startEmulator } from ${JSON.stringify(join(ROOT, 'dist', 'index.js'))};
      const running = await startEmulator({ port: 0, logLevel: 'silent', latencyProfile: ${JSON.stringify(file)} });
      const url = new URL(running.baseUrl + '/auth/ws-token');
      const req = request(url, { method: 'POST', headers: { Authorization: 'Bearer ' + running.keys.live, 'Content-Type': 'application/json' } });
      req.on('error', () => {});
      req.end(JSON.stringify({ scopes: ['tts:speak'] }));
      await new Promise((resolve) => req.on('finish', resolve));
      // A round trip after the request: the token is minted and its answer held by then.
      await (await fetch(running.adminUrl + '/health')).text();
      req.destroy();
      let entry;
      while (!entry) {
        const body = await (await fetch(running.adminUrl + '/requests?operation_id=auth.createWsToken')).json();
        entry = body.requests[0];
      }
      console.log(JSON.stringify({ latency_ms: entry.latency_ms }));
      await running.close();
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const began = performance.now();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, err).toBe(0);
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ latency_ms: 60000 });
    // Far below the 60 s delay: nothing was left waiting on it.
    expect(performance.now() - began).toBeLessThan(30_000);
  });
});
