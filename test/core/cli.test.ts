/**
 * The svc-emulator command: readiness line, health, signals, options, environment variables, errors.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseApiKey } from '../../src/core/api-keys.js';
import { createEmulator } from '../../src/app/emulator.js';
import { killAll, runCli } from '../support/cli.js';

afterEach(killAll);

const READY = /^svc-emulator ready at (http:\/\/\S+\/v1) \(admin (http:\/\/\S+\/_emulator)\)$/;

async function keysFrom(run: ReturnType<typeof runCli>): Promise<{ live: string; test: string }> {
  const live = (await run.line(/^demo live key: /)).split(': ')[1];
  const test = (await run.line(/^demo test key: /)).split(': ')[1];
  return { live, test };
}

describe('starting', () => {
  it('--port 0 prints the readiness line with the real base URL and both demo keys; health answers; SIGTERM exits 0', async () => {
    const run = runCli(['--port', '0']);
    const [, baseUrl, adminUrl] = READY.exec(await run.line(READY))!;
    const url = new URL(baseUrl);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(0);
    expect(adminUrl).toBe(`${url.origin}/_emulator`);

    const keys = await keysFrom(run);
    expect(parseApiKey(keys.live)).toMatchObject({ ok: true, environment: 'live' });
    expect(parseApiKey(keys.test)).toMatchObject({ ok: true, environment: 'test' });

    const health = await fetch(`${adminUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const token = await fetch(`${baseUrl}/auth/ws-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.live}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['tts:speak'] }),
    });
    expect(token.status).toBe(201);

    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
  });

  it('SIGINT sent the moment the readiness line appears still shuts down cleanly (exit 0)', async () => {
    const run = runCli(['--port', '0']);
    await run.line(READY);
    run.child.kill('SIGINT');
    expect(await run.exited, run.stderr.join('\n') + run.stdout.join('\n')).toEqual({
      code: 0,
      signal: null,
    });
  });

  it('SVC_EMULATOR_SEED changes the keys deterministically, and matches the library for that seed', async () => {
    const first = runCli([], { SVC_EMULATOR_PORT: '0', SVC_EMULATOR_SEED: 'seed-a' });
    const second = runCli(['--port', '0'], { SVC_EMULATOR_SEED: 'seed-a' });
    const other = runCli(['--port', '0'], { SVC_EMULATOR_SEED: 'seed-b' });
    const [a1, a2, b] = await Promise.all([keysFrom(first), keysFrom(second), keysFrom(other)]);
    expect(a1).toEqual(a2);
    expect(b.live).not.toBe(a1.live);
    expect(b.test).not.toBe(a1.test);
    const inProcess = await createEmulator({ seed: 'seed-a' });
    try {
      expect(inProcess.demo.keys).toEqual(a1);
    } finally {
      await inProcess.close();
    }
  });

  it('--seed on the command line wins over SVC_EMULATOR_SEED', async () => {
    const byFlag = runCli(['--port', '0', '--seed', 'flag-seed'], { SVC_EMULATOR_SEED: 'env-seed' });
    const byEnv = runCli(['--port', '0'], { SVC_EMULATOR_SEED: 'flag-seed' });
    const [k1, k2] = await Promise.all([keysFrom(byFlag), keysFrom(byEnv)]);
    expect(k1).toEqual(k2);
  });
});

describe('help and errors', () => {
  it('--help prints the options with their environment variables and exits 0', async () => {
    const run = runCli(['--help']);
    expect((await run.exited).code).toBe(0);
    const text = run.stdout.join('\n');
    for (const name of ['--port', '--seed', '--admin-token', 'SVC_EMULATOR_PORT', 'SVC_EMULATOR_SEED'])
      expect(text).toContain(name);
  });

  it.each([
    [['--port', 'abc'], {}, /--port must be an integer from 0 to 65535 \(got 'abc'\)/],
    [['--port', '70000'], {}, /--port must be an integer/],
    [['--nope'], {}, /nope/],
    [['--log-level', 'loud'], {}, /--log-level must be one of/],
    [['--time-scale', '0'], {}, /--time-scale must be a positive number/],
    [['--mp3-encoder', 'ffmpeg'], {}, /--mp3-encoder must be one of wasm, lamejs \(got 'ffmpeg'\)/],
    [[], { SVC_EMULATOR_MP3_ENCODER: 'lame' }, /SVC_EMULATOR_MP3_ENCODER must be one of/],
    [[], { SVC_EMULATOR_PORT: 'eighty' }, /SVC_EMULATOR_PORT must be an integer/],
    [['--config', '/nonexistent/svc-emulator.json'], {}, /cannot read config file/],
  ])('%j %j exits non-zero with a clear message', async (args, env, message) => {
    const run = runCli(args, env);
    const { code } = await run.exited;
    expect(code).not.toBe(0);
    expect(run.stderr.join('\n')).toMatch(message);
    expect(run.stdout.some((l) => READY.test(l))).toBe(false);
  });

  it('a config file that breaks a rule is refused, naming the field and the rule', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-emulator-cli-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ timeScale: 0 }));
    const run = runCli(['--config', file, '--port', '0']);
    expect((await run.exited).code).not.toBe(0);
    expect(run.stderr.join('\n')).toContain('timeScale must be > 0 (got 0)');
  });

  it('a busy port exits non-zero, naming the port', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = runCli(['--port', String(port)]);
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      expect(run.stderr.join('\n')).toMatch(new RegExp(`port ${port} is already in use`));
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
