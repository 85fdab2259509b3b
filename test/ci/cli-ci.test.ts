/**
 * The CLI in CI (issue 14): messages naming what the user set, negative numbers, empty values, a bad host,
 * a closed stdout, --keys-file, --wait-ready, --clock-start, --journal-limit and the container health check.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../../src/app/cli-options.js';
import { killAll, runCli } from '../support/cli.js';

afterEach(killAll);

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY = /^svc-emulator ready at (http:\/\/\S+\/v1) \(admin (http:\/\/\S+\/_emulator)\)$/;

async function failsWith(args: string[], env: Record<string, string>, message: RegExp): Promise<void> {
  const run = runCli(args, env);
  const { code } = await run.exited;
  expect(code).toBe(2);
  expect(run.stderr[0]).toMatch(message);
  expect(run.stderr.join('\n')).not.toMatch(/\n\s+at /); // no stack trace
}

function healthcheck(args: string[], env: Record<string, string>): Promise<number | null> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_EMULATOR_')),
  );
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'healthcheck.js'), ...args], {
    env: { ...clean, ...env },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('option errors name what the user set', () => {
  it('a bad variable is blamed on the variable, a bad flag on the flag', async () => {
    await failsWith(
      [],
      { SVC_EMULATOR_PORT: 'abc' },
      /^svc-emulator: SVC_EMULATOR_PORT must be an integer from 0 to 65535 \(got 'abc'\)$/,
    );
    await failsWith(['--port', 'abc'], {}, /^svc-emulator: --port must be an integer/);
  });

  it('a good flag wins over a bad variable', () => {
    expect(parseCli(['--port', '0'], { SVC_EMULATOR_PORT: 'abc' })).toEqual({ options: { port: 0 } });
  });

  it('negative numbers reach the option rule instead of a parser error', async () => {
    await failsWith(
      ['--time-scale', '-1'],
      {},
      /^svc-emulator: --time-scale must be a positive number \(got '-1'\)$/,
    );
    expect(() => parseCli(['--port', '-5'], {})).toThrow(
      "--port must be an integer from 0 to 65535 (got '-5')",
    );
  });

  it('an empty seed is refused; a bad clock start or journal limit names the rule', async () => {
    await failsWith(['--seed', ''], {}, /^svc-emulator: --seed must not be empty$/);
    expect(() => parseCli(['--clock-start', 'yesterday'], {})).toThrow(
      /--clock-start must be an ISO date-time/,
    );
    expect(() => parseCli([], { SVC_EMULATOR_JOURNAL_LIMIT: '0' })).toThrow(
      /SVC_EMULATOR_JOURNAL_LIMIT must be an integer from 1/,
    );
    expect(() => parseCli([], { SVC_EMULATOR_WAIT_READY: 'maybe' })).toThrow(
      /SVC_EMULATOR_WAIT_READY must be 1, 0, true or false/,
    );
  });

  it('every CI-relevant config field has a flag and a variable', () => {
    const env = {
      SVC_EMULATOR_CLOCK_START: '2030-01-01T00:00:00Z',
      SVC_EMULATOR_JOURNAL_LIMIT: '50',
      SVC_EMULATOR_KEYS_FILE: 'keys.env',
      SVC_EMULATOR_WAIT_READY: '1',
      SVC_EMULATOR_NO_DEMO_CORPUS: 'true',
      SVC_EMULATOR_CORPUS: './docs',
      SVC_EMULATOR_SCENARIOS_DIR: './scenarios',
    };
    expect(parseCli([], env)).toEqual({
      options: {
        clockStart: '2030-01-01T00:00:00Z',
        journalLimit: 50,
        keysFile: 'keys.env',
        waitReady: true,
        demoCorpus: false,
        corpus: './docs',
        scenariosDir: './scenarios',
      },
    });
    expect(parseCli(['--wait-ready', '--no-demo-corpus', '--journal-limit', '7'], {})).toEqual({
      options: { waitReady: true, demoCorpus: false, journalLimit: 7 },
    });
  });

  it('a host that does not resolve is a one-line error', async () => {
    await failsWith(
      ['--host', '999.1.1.1', '--port', '0'],
      {},
      /^svc-emulator: cannot listen on 999\.1\.1\.1:0: .*--host/,
    );
  });
});

describe('running in CI', () => {
  it('survives a closed stdout (| head -1): keeps serving, exits 0 on SIGTERM', async () => {
    const run = runCli(['--port', '0']);
    const [, , adminUrl] = READY.exec(await run.line(READY))!;
    run.child.stdout!.destroy();
    // Output after the pipe closed (the shutdown line) must not crash the process.
    expect((await fetch(`${adminUrl}/health`)).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.stderr.join('\n')).not.toMatch(/EPIPE/);
  });

  it('--keys-file writes JSON, or dotenv for *.env, owner-only; --wait-ready prints readiness once the corpus is indexed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-keys-'));
    const json = join(dir, 'keys.json');
    const run = runCli([
      '--port',
      '0',
      '--keys-file',
      json,
      '--wait-ready',
      '--clock-start',
      '2030-01-01T00:00:00Z',
    ]);
    const [, baseUrl, adminUrl] = READY.exec(await run.line(READY))!;
    const health = await fetch(`${adminUrl}/health?ready=1`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ready: true, boot: { demo_corpus: 'ready' } });
    const keys = JSON.parse(readFileSync(json, 'utf8'));
    expect(keys).toMatchObject({ org_id: 'org_demo', base_url: baseUrl, admin_url: adminUrl });
    expect(keys.keys.live).toBe((await run.line(/^demo live key: /)).split(': ')[1]);
    expect(statSync(json).mode & 0o777).toBe(0o600);
    const demo = await (await fetch(`${adminUrl}/demo`)).json();
    expect(demo).toEqual(keys);
    const clock = await (await fetch(`${adminUrl}/clock`)).json();
    expect(JSON.stringify(clock)).toMatch(/2030-01-01T00:00/);

    const dotenv = join(dir, 'ci.env');
    const second = runCli(['--port', '0', '--no-demo-corpus'], { SVC_EMULATOR_KEYS_FILE: dotenv });
    await second.line(READY);
    const text = readFileSync(dotenv, 'utf8');
    expect(text).toMatch(/^SVC_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/v1$/m);
    expect(text).toMatch(/^SVC_ORG_ID=org_demo$/m);
    expect(text).toContain(`SVC_LIVE_KEY=${keys.keys.live}`);
    expect(text).toContain(`SVC_TEST_KEY=${keys.keys.test}`);
  });

  it('the container health check reads the port the way the CLI does (flag, variable, config file) and waits for readiness', async () => {
    const run = runCli(['--port', '0', '--wait-ready'], {
      SVC_EMULATOR_HOST: '0.0.0.0',
      SVC_EMULATOR_ADMIN_TOKEN: 'a-long-admin-token',
    });
    const port = new URL(READY.exec(await run.line(READY))![1]).port;
    // The image's environment: host 0.0.0.0, port from the variable.
    expect(await healthcheck([], { SVC_EMULATOR_HOST: '0.0.0.0', SVC_EMULATOR_PORT: port })).toBe(0);
    // The port given as an argument (docker run IMAGE --port N) wins over the variable.
    expect(
      await healthcheck(['--port', port], { SVC_EMULATOR_HOST: '0.0.0.0', SVC_EMULATOR_PORT: '1' }),
    ).toBe(0);
    // The port from a --config file.
    const config = join(mkdtempSync(join(tmpdir(), 'svc-hc-')), 'emulator.json');
    writeFileSync(config, JSON.stringify({ port: Number(port) }));
    expect(await healthcheck([], { SVC_EMULATOR_CONFIG: config })).toBe(0);
    // Nothing listening there: unhealthy.
    expect(await healthcheck([], { SVC_EMULATOR_PORT: '1' })).toBe(1);
  });
});
