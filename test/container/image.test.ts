/**
 * Issue 27: the container image, built from this checkout with podman (container/build-image.sh, run by
 * .ci/run; rebuilt here when the checkout changed since) and tested through the container as a user runs it:
 * published port, demo keys, variables, a mounted config and keys file, the health check, SIGTERM.
 * Without podman these tests are skipped, and the skip names what is missing.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { pinnedNodes } from '../support/node-versions.js';
import { IMAGE, ROOT, ensureImage, missingTools, podman, podmanEnv as env } from '../support/image.js';
import { openWs } from '../support/ws.js';

const why = missingTools();
if (why) console.warn(`test/container/image.test.ts: skipped: ${why}`);

const started: string[] = [];

interface Running {
  id: string;
  origin: string;
  liveKey: string;
}

/** Starts the image with the port published on 127.0.0.1; resolves once the readiness line and banner are out. */
async function start(options: { args?: string[]; podmanArgs?: string[] } = {}): Promise<Running> {
  const port = await freePort();
  const id = await podman(
    'run',
    '-d',
    '-p',
    `127.0.0.1:${port}:4747`,
    ...(options.podmanArgs ?? []),
    IMAGE,
    ...(options.args ?? []),
  );
  started.push(id);
  const logs = await waitForLogs(id, /demo live key: (\S+)/);
  return { id, origin: `http://127.0.0.1:${port}`, liveKey: /demo live key: (\S+)/.exec(logs)![1] };
}

/** The container's output once it matches (podman logs --follow ends when it does). */
async function waitForLogs(id: string, pattern: RegExp): Promise<string> {
  const child = execFile('podman', ['logs', '--follow', id], { env });
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: string) => {
      out += chunk;
      if (pattern.test(out)) {
        child.kill();
        resolve(out);
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', () =>
      pattern.test(out) ? resolve(out) : reject(new Error(`container ${id} said: ${out}`)),
    );
  });
}

describe.skipIf(why !== null)('the container image', () => {
  beforeAll(ensureImage, 600_000);

  afterAll(async () => {
    if (started.length) await podman('rm', '-f', '-t', '0', ...started).catch(() => '');
  });

  it('reports its size, and holds no dev dependencies, source maps or test files', async () => {
    const size = Number(await podman('image', 'inspect', IMAGE, '--format', '{{.Size}}'));
    console.log(`test/container/image.test.ts: ${IMAGE} is ${Math.round(size / 1e6)} MB`);
    // Every package the lockfile marks dev-only (needed by no production dependency), at the top level.
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const dev = Object.entries(lock.packages)
      .filter(([path, entry]) => entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
      .map(([path]) => path.slice('node_modules/'.length));
    expect(dev).toContain('vitest');
    const listing = await podman(
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      IMAGE,
      '-c',
      // Each dev dependency that has a directory, then every source map or test file in the app.
      `for d in ${dev.join(' ')}; do [ -e "node_modules/$d" ] && echo "dev: $d"; done; find /app -path /app/node_modules -prune -o \\( -name "*.map" -o -name "*.test.*" -o -type d -name test \\) -print; true`,
    );
    expect(listing.split('\n').filter((l) => l.startsWith('dev: '))).toEqual([]);
    expect(listing.split('\n').filter((l) => l.startsWith('/app'))).toEqual([]);
  });

  it('runs on the release of the newest LTS line that .ci/node/versions pins for the image', async () => {
    const pinned = pinnedNodes();
    const image = pinned.find((p) => p.roles.includes('image'));
    expect(image, '.ci/node/versions names the image line').toBeDefined();
    // The newest line the project supports.
    expect(image!.line).toBe(Math.max(...pinned.map((p) => p.line)));
    const version = await podman('run', '--rm', '--entrypoint', 'node', IMAGE, '--version');
    // The official image of that line has its newest release; the base made here has the pinned one.
    expect(version).toMatch(new RegExp(`^v${image!.line}\\.`));
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(new RegExp(`^ARG BASE=node:${image!.line}-`, 'm'));
  });

  it('runs as a non-root user, prints the readiness line, and serves /v1 and /_emulator with the demo keys', async () => {
    const c = await start();
    expect(await podman('exec', c.id, 'id', '-u')).not.toBe('0');
    expect(await podman('logs', c.id)).toMatch(/^svc-emulator ready at http:\/\/\S+\/v1/m);
    const health = await fetch(`${c.origin}/_emulator/health?ready=1`);
    expect(health.status).toBe(200);
    const token = await fetch(`${c.origin}/v1/auth/ws-token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.liveKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: ['tts:speak'] }),
    });
    expect(token.status).toBe(201);
    expect((await token.json()) as { token: string }).toHaveProperty('token');
  });

  it('turns healthy through its HEALTHCHECK once ready', async () => {
    const c = await start();
    const check = JSON.parse(
      await podman('image', 'inspect', IMAGE, '--format', '{{json .Config.Healthcheck}}'),
    ) as {
      Test: string[];
      Interval: number;
    };
    expect(check.Test).toEqual(['CMD', 'node', 'dist/healthcheck.js']);
    expect(check.Interval / 1e9).toBeLessThanOrEqual(5);
    // podman schedules health checks with systemd timers, which this machine has not: run the check as the timer would.
    await podman('healthcheck', 'run', c.id);
    expect(await podman('inspect', c.id, '--format', '{{.State.Health.Status}}')).toBe('healthy');
  });

  it('honours SVC_EMULATOR_* variables, a mounted --config and a --keys-file on a mounted volume', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-image-'));
    chmodSync(dir, 0o777); // written by the image's unprivileged user
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ demo: { credits: 1234 } }));
    const c = await start({
      podmanArgs: ['-e', 'SVC_EMULATOR_SEED=container-test', '-v', `${dir}:/data:z`],
      args: ['--config', '/data/config.json', '--keys-file', '/data/keys.env'],
    });
    const keys = readFileSync(join(dir, 'keys.env'), 'utf8');
    expect(keys).toContain(c.liveKey);
    const org = (await (await fetch(`${c.origin}/_emulator/orgs/org_demo`)).json()) as {
      credits: { balance: number };
    };
    expect(org.credits.balance).toBe(1234);
    // Another seed gives other demo keys: the variable was read.
    const plain = await start();
    expect(plain.liveKey).not.toBe(c.liveKey);
  });

  it('stops on SIGTERM within 5 s with exit code 0, closing its open WebSockets with 1001', async () => {
    const c = await start();
    const ws = await openWs(`${c.origin.replace('http', 'ws')}/v1/tts/realtime`, [], {
      Authorization: `Bearer ${c.liveKey}`,
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
    const before = performance.now();
    await podman('kill', '--signal', 'TERM', c.id);
    expect(await closed).toBe(1001);
    expect(await podman('wait', c.id)).toBe('0');
    expect(performance.now() - before).toBeLessThan(5000);
  });
});
